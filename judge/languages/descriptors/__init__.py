"""One module per language, each defining `LANGUAGE`, a judge.languages.descriptor.Language.

Adding a language is adding a module here (and its tests); judge.languages.registry finds every
module of this package.
"""
