"""HTML presentation: the pages of the web service and the offline reports, from one set of
Jinja2 templates, stylesheets and scripts (templates/, static/).

    pages.py        what each page shows, built from the --json documents
    environment.py  the Jinja2 environment and render()
    assets.py       the static files a page needs, linked (service) or inlined (offline)
    statement.py    problem statements: Markdown with tables and TeX
    highlight.py    source code, highlighted on the server
    offline.py      self-contained HTML files for `submit/verify/stress/show --html`

Imports present (the documents pages render) and service (its models and access rules).
Imported by the commands (`--html`) and by the service's application at start.
"""
