"""Languages: what a submission may be written in, and whether a live worker judges it now."""

from __future__ import annotations

from fastapi import APIRouter, Depends
from pydantic import BaseModel

from judge.languages.registry import all_languages
from judge.service.api.deps import Services, current_user, services
from judge.service.models import User
from judge.service.workers import queue_view

router = APIRouter(prefix="/api", tags=["languages"])


class LanguageDocument(BaseModel):
    id: str
    name: str
    extensions: tuple[str, ...]
    aliases: tuple[str, ...]
    # Workers that passed this language's self-test and sent a heartbeat lately: a submission in
    # a language no live worker offers waits in the queue until one does.
    workers: int
    available: bool


class LanguageList(BaseModel):
    items: tuple[LanguageDocument, ...]


@router.get("/languages", response_model=LanguageList)
def list_languages(
    user: User = Depends(current_user), parts: Services = Depends(services)
) -> LanguageList:
    with parts.database.session() as session:
        view = queue_view(session)
    offered: dict[str, int] = {}
    for worker in view.workers:
        if worker.alive:
            for language in set(worker.languages):
                offered[language] = offered.get(language, 0) + 1
    items = []
    for language in all_languages():
        count = offered.get(language.id, 0)
        items.append(LanguageDocument(
            id=language.id, name=language.name, extensions=language.extensions,
            aliases=language.aliases, workers=count, available=count > 0,
        ))
    return LanguageList(items=tuple(items))
