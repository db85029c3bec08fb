"""The JSON APIs' common ground: one error shape, in the visitor's language.

Every API error is ``{"error": {"code": ..., "message": ..., "field": ...}}``: ``code`` is
stable for programs, ``message`` is translated for people (German unless the visitor chose
English), ``field`` names the input at fault when there is one.

Every JSON endpoint reads its body with :func:`read_json`, so all of them refuse a bad body
alike: a malformed Content-Length (``bad_content_length``, 400), a body over the endpoint's
limit (``too_large``, 413), one that is no UTF-8 JSON (``malformed_json``, 400) and one
nested too deep (``too_deep``, 400).
"""

import json
import re
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.http.request import RawPostDataException
from django.utils.translation import gettext as _

#: The largest JSON body an endpoint reads unless it names its own limit.
MAX_BODY_BYTES = 64 * 1024
#: The deepest nesting of lists and objects a JSON body may have (a hand needs three).
MAX_DEPTH = 32

#: A complete JSON string: its brackets are text, not nesting.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class ApiError(Exception):
    """A request an API refuses; :func:`api_view` turns it into an error answer."""

    def __init__(self, code, message, *, field=None, status=400, allowed=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.status = status
        self.allowed = allowed


def error_response(code, message, *, field=None, status=400, headers=None, allowed=None):
    """The JSON answer for an API error (``field`` is left out when none applies;
    ``allowed`` lists the names or values the request may use, where it helps)."""
    error = {"code": code, "message": str(message)}
    if field is not None:
        error["field"] = field
    if allowed is not None:
        error["allowed"] = list(allowed)
    return JsonResponse({"error": error}, status=status, headers=headers)


#: The code of an API answer that was no JSON (a page's 404 or 500), by its status.
_STATUS_CODES = {403: "forbidden", 404: "not_found", 500: "server_error"}


def json_error_for(response):
    """``response`` as a JSON error where it is an error that is not JSON yet (an unknown
    address under an API answers Django's HTML 404); any other response as it is."""
    if response.status_code < 400 or response.get("Content-Type", "").startswith(
        "application/json"
    ):
        return response
    code = _STATUS_CODES.get(response.status_code, "error")
    messages = {
        "not_found": _("There is nothing at this address."),
        "forbidden": _("You may not see this."),
        "server_error": _("Something went wrong on the server. Try again later."),
    }
    message = messages.get(code, _("The request could not be answered."))
    return error_response(code, message, status=response.status_code)


def api_view(methods):
    """Decorate an API view: other methods get a JSON 405, an :class:`ApiError` its answer,
    a missing object (``Http404``) a JSON 404 and a refusal (``PermissionDenied``) a JSON 403
    with its message.

    ``methods`` are the HTTP methods the view answers (``Allow`` lists them on a 405).
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method not in methods:
                return error_response(
                    "method_not_allowed",
                    _("This address answers only %(methods)s requests.")
                    % {"methods": ", ".join(methods)},
                    status=405,
                    headers={"Allow": ", ".join(methods)},
                )
            try:
                return view(request, *args, **kwargs)
            except ApiError as error:
                return error_response(
                    error.code, error.message, field=error.field, status=error.status,
                    allowed=error.allowed,
                )  # fmt: skip
            except Http404:
                return error_response(
                    "not_found", _("There is nothing at this address."), status=404
                )
            except PermissionDenied as refusal:
                # A rule of the league's roles refused: its own message (league/roles.py).
                message = str(refusal) or _("You may not see this.")
                return error_response("forbidden", message, status=403)

        return wrapper

    return decorator


def read_json(request, *, max_bytes: int = MAX_BODY_BYTES, max_depth: int = MAX_DEPTH):
    """The request's JSON body, or an :class:`ApiError` saying why it cannot be read.

    The declared length is checked before the body is read, and the nesting before the body
    is parsed, so neither a huge nor a deeply nested body costs more than one pass over it.
    """
    body = _read_body(request, max_bytes)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _malformed() from None
    if _depth(text, max_depth) > max_depth:
        raise ApiError(
            "too_deep",
            _("The request body is nested deeper than %(depth)s levels.") % {"depth": max_depth},
        )
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        # ValueError also covers a number of more than 4300 digits.
        raise _malformed() from None


def _read_body(request, max_bytes: int) -> bytes:
    """The body, refused unless its declared and its real length are within ``max_bytes``."""
    declared = request.META.get("CONTENT_LENGTH") or "0"
    # Digits only: int() would also take "-1", " 7" or "1_000".
    if not (declared.isascii() and declared.isdigit()):
        raise ApiError("bad_content_length", _("The Content-Length header is not a number."))
    too_large = ApiError(
        "too_large",
        _("The request body is larger than %(size)s KB.") % {"size": max_bytes // 1024},
        status=413,
    )
    # Refuse an oversized body before reading it.
    if len(declared) > 12 or int(declared) > max_bytes:
        raise too_large
    try:
        body = request.body
    except RawPostDataException:
        # Something read the body as a form already: it was no JSON.
        raise _malformed() from None
    if len(body) > max_bytes:
        raise too_large
    return body


def _depth(text: str, limit: int) -> int:
    """How deep the lists and objects in ``text`` nest, counted up to one past ``limit``.

    Brackets inside strings are left out; the count needs no recursion, however deep.
    """
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth = depth + 1 if bracket in "[{" else depth - 1
        if depth > limit:
            break
    return depth


def _no_constant(name):
    raise ValueError(f"{name} is no JSON")


def _malformed() -> ApiError:
    return ApiError("malformed_json", _("The request body is not valid JSON."))
