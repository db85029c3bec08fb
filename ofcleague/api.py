"""The JSON APIs' common ground: one error shape, in the visitor's language.

Every API error is ``{"error": {"code": ..., "message": ..., "field": ...}}``: ``code`` is
stable for programs, ``message`` is translated for people (German unless the visitor chose
English), ``field`` names the input at fault when there is one.
"""

from functools import wraps

from django.http import JsonResponse
from django.utils.translation import gettext as _


class ApiError(Exception):
    """A request an API refuses; :func:`api_view` turns it into an error answer."""

    def __init__(self, code, message, *, field=None, status=400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.status = status


def error_response(code, message, *, field=None, status=400, headers=None):
    """The JSON answer for an API error (``field`` is left out when none applies)."""
    error = {"code": code, "message": str(message)}
    if field is not None:
        error["field"] = field
    return JsonResponse({"error": error}, status=status, headers=headers)


def api_view(methods):
    """Decorate an API view: other methods get a JSON 405, an :class:`ApiError` its answer.

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
                    error.code, error.message, field=error.field, status=error.status
                )

        return wrapper

    return decorator
