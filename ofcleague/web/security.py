"""Who is asking: the client's address, behind as many reverse proxies as the site trusts.

One rule for every limit and lock of the site (django-axes' login lock, allauth's rate limits
of login, sign-up and password reset, the access log): with ``TRUSTED_PROXY_COUNT = 0`` (the
default) the address is the connection's own, ``REMOTE_ADDR``, and no header is believed. Behind
N proxies that each append the address they were reached from to ``X-Forwarded-For`` (nginx's
``$proxy_add_x_forwarded_for``, Caddy), the client's address is the N-th entry from the right:
the one the outermost trusted proxy wrote. Anything left of it came from the client and may be
forged. A header too short or an entry that is no address is refused: then ``REMOTE_ADDR``.
"""

import ipaddress

from django.core.exceptions import ImproperlyConfigured


def trusted_proxy_count(environ):
    """``TRUSTED_PROXY_COUNT`` from the environment: a whole number from 0 (the default)."""
    value = (environ.get("TRUSTED_PROXY_COUNT") or "").strip()
    if not value:
        return 0
    try:
        count = int(value)
    except ValueError:
        count = -1
    if count < 0:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXY_COUNT must be 0 or the number of proxies in front, not {value!r}."
        )
    return count


def _address(value):
    try:
        return str(ipaddress.ip_address(value.strip().removeprefix("[").removesuffix("]")))
    except ValueError:
        return None


def forwarded_client(remote_addr, forwarded_for, proxies):
    """The client's address given the connection's address, the ``X-Forwarded-For`` header
    (or ``None``) and the number of trusted proxies in front (see the module's docstring)."""
    remote_addr = remote_addr or ""
    if proxies <= 0 or not forwarded_for:
        return remote_addr
    entries = forwarded_for.split(",")
    if len(entries) < proxies:
        return remote_addr
    return _address(entries[-proxies]) or remote_addr


def client_ip(request):
    """The client's address of ``request`` under ``settings.TRUSTED_PROXY_COUNT``: for
    django-axes (``AXES_CLIENT_IP_CALLABLE``) and allauth (the account adapter)."""
    from django.conf import settings

    return forwarded_client(
        request.META.get("REMOTE_ADDR", ""),
        request.META.get("HTTP_X_FORWARDED_FOR"),
        getattr(settings, "TRUSTED_PROXY_COUNT", 0),
    )
