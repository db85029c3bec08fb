"""The embeddable standings page and the owner's setting of which sites may embed it.

The embed page is the only page of the site another site may show in a frame: its own
``Content-Security-Policy`` names the league's sites in ``frame-ancestors`` (``'none'``
without any, as every other page), and it drops ``X-Frame-Options: DENY`` only when the
league allows a site. A members-only league's embed page answers visitors as every page of
it does (the login page): nothing of the league shows.
"""

from __future__ import annotations

from functools import wraps

from csp.constants import HEADER
from csp.utils import build_policy
from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.embeds.reads import current_season, standings
from ofcleague.league.embed_sites import frame_ancestors
from ofcleague.league.roles import owner_only
from ofcleague.league.services.embedding import set_embed_sites
from ofcleague.standings.queries import season_years
from ofcleague.web.cache import cached_page
from ofcleague.web.form_errors import add_service_errors

#: How many rows of the table the embed shows (the link leads to the whole table).
EMBED_ROWS = 10


def framed_by_the_leagues_sites(view):
    """Send the embed page with a CSP whose ``frame-ancestors`` are the league's sites."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        sources = frame_ancestors(request.league.embed_sites)
        response[HEADER] = build_policy(replace={"frame-ancestors": sources})
        if sources != ["'none'"]:
            response.xframe_options_exempt = True
        return response

    return wrapper


@framed_by_the_leagues_sites
@cached_page(params=())
def embed_standings(request):
    """The latest season's table, small, for a frame on the league's own site: the league's
    current own season under its main points system where it has one, else the latest
    calendar year's."""
    season = current_season(timezone.localdate())
    if season is not None:
        rows = season["standings"][:EMBED_ROWS]
        return render(request, "embeds/season_standings.html", {"season": season, "rows": rows})
    years = season_years()
    year = years[0] if years else None
    rows = standings(year)[:EMBED_ROWS] if year else []
    return render(request, "embeds/standings.html", {"year": year, "rows": rows})


class EmbedSitesForm(forms.Form):
    sites = forms.CharField(
        label=gettext_lazy("Sites that may embed the standings"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "autocapitalize": "none", "spellcheck": "false"}),
        help_text=gettext_lazy(
            "One address a line, such as https://www.example.org. Empty: no site may."
        ),
    )

    def error_summary(self):
        """The problems for the summary above the form (``results/_form_errors.html``), each
        linked to its field."""
        items = [(None, message) for message in self.non_field_errors()]
        items += [
            (bound.id_for_label, f"{bound.label}: {message}")
            for bound in self
            for message in bound.errors
        ]
        return items


@owner_only
def embed_settings(request):
    """The owner's page: which sites may embed the standings, and the code to paste there."""
    league = request.league
    form = EmbedSitesForm(request.POST or None, initial={"sites": league.embed_sites})
    if request.method == "POST" and form.is_valid():
        try:
            set_embed_sites(request.user, league, form.cleaned_data["sites"])
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The sites that may embed the standings are saved."))
            return redirect("embeds:settings")
    embed_url = request.build_absolute_uri(reverse("embeds:standings"))
    context = {
        "form": form,
        "league": league,
        "embed_url": embed_url,
        "embed_code": embed_code(embed_url, league.name),
        "api_urls": [
            request.build_absolute_uri(reverse(f"embeds:api_{name}"))
            for name in ("standings", "evenings", "records")
        ],
    }
    return render(request, "embeds/settings.html", context)


def embed_code(url: str, title: str) -> str:
    """The HTML a league pastes into its own site to show the standings (as text: the
    template escapes it into the box it is copied from)."""
    return (
        f'<iframe src="{escape(url)}" title="{escape(title)}" width="100%" height="520" '
        'style="border:0"></iframe>'
    )
