"""What an operator's tools read: /healthz for a load balancer or a supervisor, and /metrics
for Prometheus (judge.service.metrics). Neither needs a token: both show counts only, never a
user's data (put /metrics behind the proxy's own rules on a public server)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import text

from judge.service.api.deps import Services, services

router = APIRouter(tags=["operations"])


@router.get("/healthz")
def healthz(parts: Services = Depends(services)) -> JSONResponse:
    """200 while the server can store submissions (its database answers), else 503; says
    whether the queue's broker answers too (without it jobs wait in the database)."""
    checks = {"database": "ok", "queue": "ok"}
    try:
        with parts.database.session() as session:
            session.execute(text("SELECT 1"))
    except Exception as exc:  # noqa: BLE001 - any database failure is the answer
        checks["database"] = f"unavailable: {type(exc).__name__}"
    if not parts.sender.reachable():
        checks["queue"] = "unreachable"
    healthy = checks["database"] == "ok" and not parts.closing.is_set()
    body = {"status": "ok" if healthy else "unavailable", **checks}
    return JSONResponse(body, status_code=200 if healthy else 503)


@router.get("/metrics", response_class=Response)
def metrics(parts: Services = Depends(services)) -> Response:
    return Response(parts.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
