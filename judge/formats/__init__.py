"""Problem packages from and to other formats: Kattis (in and out), Polygon (in), and new ones.

An importer reads a package into a `ProblemDraft` (judge.formats.draft): this project's layout
described as data, with a note for everything in the package that it does not carry over. The
writer (judge.formats.writer) turns a draft into problems/, solutions/ and testdata/ folders.

Imports problem, judging and setter (an import is verified with the judge's own tools).
Imported only by the commands.
"""
