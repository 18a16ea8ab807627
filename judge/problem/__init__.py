"""Reading a problem package: the only code that reads problem.yaml and the folder tree.

    spec        problem.yaml into frozen data (Problem, its checker, limits, programs)
    yamlnodes   YAML with line numbers, so every error names file, line and key
    groups      test groups as problem.yaml declares them
    testdata    NAME.in / NAME.ans pairs on disk, found and selected
    manifest    how each test was made (sample, hand-made, generated), kept beside the tests
    selftests   cases the validators and the checker must reject or accept (invalid_input/ ...)
    includes    files added to every submission of a language (include/<language>/)
    statement   the samples a statement shows
    transcript  sample interactions of an interactive problem
    root        finding the project root

Imports judge.verdicts, languages and checkers (to check the names problem.yaml uses). Imported by
every layer that judges, produces, presents or serves problems; runs no program.
"""
