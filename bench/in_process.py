"""Requests through the whole WSGI application in this process, as a phone's browser makes
them through gunicorn: the benchmarks' one way to fetch a page, time it and count its queries.

It reads Django only when a request is made: import it first, set up Django, then fetch.
"""

from __future__ import annotations

import io
import sys
import time

HOST = "league.example.org"

PHONE = {
    "REQUEST_METHOD": "GET",
    "SERVER_NAME": HOST,
    "SERVER_PORT": "443",
    "SERVER_PROTOCOL": "HTTP/1.1",
    "REMOTE_ADDR": "127.0.0.1",
    "HTTP_HOST": HOST,
    "HTTP_X_FORWARDED_PROTO": "https",
    "HTTP_ACCEPT": "text/html,application/xhtml+xml,*/*;q=0.8",
    "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
    "HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,en;q=0.8",
    "HTTP_USER_AGENT": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36",
    "wsgi.version": (1, 0),
    "wsgi.url_scheme": "https",
    "wsgi.errors": sys.stderr,
    "wsgi.multithread": False,
    "wsgi.multiprocess": True,
    "wsgi.run_once": False,
}


_APP = []


def _app():
    """The WSGI application, made once static files are collected (WhiteNoise reads them)."""
    if not _APP:
        from django.core.handlers.wsgi import WSGIHandler

        _APP.append(WSGIHandler())
    return _APP[0]


def request(url: str):
    """One GET through the whole WSGI application as gunicorn would make it: (status, headers,
    body as sent). The response is closed, so the request's end runs too."""
    path, _, query = url.partition("?")
    environ = {**PHONE, "PATH_INFO": path, "QUERY_STRING": query, "wsgi.input": io.BytesIO()}
    answer = []

    def start_response(status, headers, exc_info=None):
        answer.extend((status, headers))

    result = _app()(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        result.close()
    return answer[0], dict(answer[1]), body


def cpu_ms(url: str) -> float:
    start = time.thread_time()
    status, _headers, _body = request(url)
    spent = (time.thread_time() - start) * 1000
    if not status.startswith("200"):
        raise SystemExit(f"{url} answered {status}")
    return spent


def count_queries(url: str) -> int:
    """How many SQL statements one request runs (counted at the cursor)."""
    from django.db import connection

    statements = []

    def counter(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        request(url)
    return len(statements)
