"""Rendering: the same data as terminal text and as JSON. Pure: data in, text out.

    schema         the result document of `judge submit --json`, the API and the web pages
    report         a submission's report: streamed lines, the table, the summary, JSON
    verify_report  verify's solutions x tests matrix, and its JSON
    stress_report  a stress outcome in the terminal and as JSON
    doctor         what `judge doctor` says about a host
    terminal       where the commands print, sized to the real terminal
    styled         styled text that needs rich only where a terminal shows it

Imports judging and setter (the data it renders). HTML lives in judge.web, which renders from
the same documents. Imported by commands, service and web.
"""
