"""Contests: the contest as data, its package, and the scoring rules as pure functions.

    model      frozen data: a contest, its problems, teams, organizations, groups, accounts;
               the judged submissions the rules read; the standings they give
    package    the CLICS contest package (ccs-specs 2023-06) read (package_write: written;
               records, times, references, legacy_tsv: its objects, times, links, old TSVs;
               archive: what a contest lived through, as an archive's files)
    window     when a team may submit: its window (per-team starts, extra time)
    board      what one view of a board is made of: its teams, the freeze's cut, shared ranks
    icpc       pass-fail standings per the CCS requirements (penalty, ties, first to solve, freeze)
    ioi        score standings (best submission, or the sum of each subtask's best)
    standings  the one entry point: a contest, its submissions and a view give standings
    live       one view's standings kept up to date, scoring again only the cells a change touches
    clics      the CLICS Contest API (2023-06) seen from outside: its objects and event feed
               (clics_*.py: times, inputs, judgement types, objects, board, awards, access,
               feed)

Imports judge.verdicts, judge.errors, and judge.problem.yamlnodes (the package's YAML is read
with lines, as problem.yaml is). The service, the web pages and the Contest API
import this package; nothing here touches a database, a clock or a process.
"""
