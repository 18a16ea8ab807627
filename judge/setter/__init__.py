"""Producing and proving tests: the problem setter's side of a package.

    programs        generator, validator and reference, prepared once and run
    reference_game  an interactive problem's reference proves an input by winning on it
    generate        generator -> validator -> reference -> NAME.in / NAME.ans + manifest
    handmade        hand-written inputs answered by the reference
    stress, shrink  random tests until a submission disagrees, then the smallest failing input
    stress_cache    generated inputs and reference answers kept for later stress runs
    verify          every bundled solution gets its folder's verdict; the time limit is safe
    verify_scores   what verify checks of a scored problem
    package_checks  what verify checks without running anything
    selftests       the validators, answer validators and checker meet their own cases
    bounds          the values the tests reach against the bounds the validators check

Imports judging and everything below it. Imported by present, formats, service and commands.
"""
