"""Who is asking: the client's address behind the site's own reverse proxy."""

import ipaddress


def client_ip(request):
    """Return the client's IP address for login throttling (django-axes).

    Behind the reverse proxy of docs/deployment.md every request comes from the loopback
    address, so throttling on REMOTE_ADDR would lock out everybody at once. Only then is the
    address the proxy appended to X-Forwarded-For trusted: its right-most entry. A client
    talking to the server directly cannot forge it, because its REMOTE_ADDR is not loopback.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    try:
        from_proxy = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        from_proxy = False
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if from_proxy and forwarded:
        candidate = forwarded.split(",")[-1].strip()
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            return remote
    return remote
