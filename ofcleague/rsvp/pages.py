"""Before the evening: announcing it, the answers (by a personal link or, logged in, on the
evening's page), the owner's list of personal links, and starting the evening from the answers.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ofcleague.league.current import current_league
from ofcleague.league.models import ENTER_RESULTS, Evening, Player, Status
from ofcleague.league.rule_set import evening_rule_set, rule_set_key
from ofcleague.league.services.starting import SEATINGS, back_to_announced_day, seating_rule
from ofcleague.league.services.version import evening_of_form
from ofcleague.results.forms import ErrorSummaryMixin, VersionField
from ofcleague.results.same_day import SameDayQuestion
from ofcleague.results.views import sent_again
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.part import announced, own_player
from ofcleague.rsvp.services import answers as services
from ofcleague.rsvp.services.reminders import receives_mail
from ofcleague.rsvp.services.starting import start_and_seat
from ofcleague.scoring import RULE_SETS
from ofcleague.web.form_errors import add_service_errors
from ofcleague.web.stale import ReadAtMixin, merged_form, read_before, submit_key_field


class AnnounceForm(SameDayQuestion, ReadAtMixin, ErrorSummaryMixin, forms.ModelForm):
    """A new announcement (with the form's key: sent twice, it announces once) or a change of
    one (with the version read and the values shown: two owners may change it at once)."""

    class Meta:
        model = Evening
        fields = list(services.ANNOUNCED_FIELDS)
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "rsvp_until": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["most_seats"].required = True
        # Left empty, they take the league's defaults.
        for name in ("start_time", "buy_in", "rounds", "hands_per_round"):
            self.fields[name].required = False
        self.fields["most_seats"].help_text = self._table_size_rule()
        if self.instance.pk:
            self.fields["version"] = VersionField(initial=self.instance.version)
            self.read_at = tuple(self.Meta.fields)
            self.add_read_at()
        else:
            self.fields["submit_key"] = submit_key_field()

    def _table_size_rule(self) -> str:
        """The table size of the game announced, and what it makes of the seats offered
        ("… seats at most 4 players at a table, so 6 players play at 2 tables: 3 + 3.")."""
        shown = self.data if self.is_bound else self.initial
        variant = shown.get("variant") or self.instance.variant
        rules = RULE_SETS[rule_set_key(shown.get("rule_set") or "", variant)]
        try:
            seats = int(shown.get("most_seats") or 0)
        except (TypeError, ValueError):
            seats = 0
        return seating_rule(rules, seats if seats >= 2 else 6)

    def details(self) -> dict:
        """The announcement's own fields, as the services take them."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}

    def clean(self):
        cleaned = super().clean()
        if not self.instance.pk:
            # A new announcement has no players yet: any evening of the day is asked about.
            self.ask_about_same_day(cleaned.get("date"))
        return cleaned

    def _post_clean(self):
        # The services validate the evening as a whole (the model's own checks included).
        pass


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def announce(request):
    """Announce the next evening, prefilled with the league's defaults."""
    league = current_league()
    if request.method == "POST":
        form = AnnounceForm(request.POST)
        if form.is_valid():
            key = form.cleaned_data["submit_key"]
            earlier = evening_of_form(league.pk, key)
            if earlier is not None:
                return sent_again(request, earlier)
            try:
                evening = services.announce_evening(
                    league, request.user, submit_key=key, **form.details()
                )
            except ValidationError as error:
                add_service_errors(form, error)
            else:
                messages.success(request, _("Evening announced. Now tell the group."))
                return redirect(evening.get_absolute_url())
    else:
        initial = {"date": timezone.localdate(), "most_seats": 6}
        for name in services.LEAGUE_DEFAULTS:
            initial[name] = getattr(league, name)
        form = AnnounceForm(initial=initial)
    return render(request, "rsvp/announce.html", {"form": form, "evening": None})


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def announce_edit(request, pk):
    evening = get_object_or_404(Evening, pk=pk)
    if not announced(evening):
        raise Http404

    def make_form(data):
        # Read again at every call: after someone else's save it shows what is stored now.
        return AnnounceForm(data, instance=Evening.objects.get(pk=pk))

    form = make_form(request.POST if request.method == "POST" else None)
    if read_before(request, evening.version):
        # A page from before someone else's save: merge first, whatever else is wrong.
        form = merged_form(request.POST, make_form)
    elif request.method == "POST" and form.is_valid():
        try:
            services.change_announcement(
                evening,
                request.user,
                read_version=form.cleaned_data["version"],
                **form.details(),
            )
        except services.EveningChanged:
            form = merged_form(request.POST, make_form)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Announcement changed."))
            return redirect(evening.get_absolute_url())
    return render(request, "rsvp/announce.html", {"form": form, "evening": evening})


@require_POST
@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def cancel(request, pk):
    evening = get_object_or_404(Evening, pk=pk)
    try:
        services.cancel_evening(evening, request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("The evening is cancelled."))
    return redirect(evening.get_absolute_url())


@require_POST
@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def start(request, pk):
    """Start the evening from its answers with the chosen seating, then the score pad."""
    evening = get_object_or_404(Evening, pk=pk)
    how = request.POST.get("seating", "random")
    if how not in SEATINGS:
        how = "random"
    announced_for = evening.date
    # Started before its day: the page asks whether it keeps that day or moves to today.
    keep_date = request.POST.get("day") == "keep"
    try:
        tables = start_and_seat(evening, request.user, how, keep_date=keep_date)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(evening.get_absolute_url())
    players = sum(len(table) for table in tables)
    messages.success(
        request,
        _("The evening has begun: the tables of round 1 are seated.")
        + " "
        + seating_rule(evening_rule_set(evening), players),
    )
    if announced_for > timezone.localdate():
        day = formats.date_format(announced_for, "DATE_FORMAT")
        messages.info(
            request,
            _("It keeps its day, %(day)s.") % {"day": day}
            if keep_date
            else _(
                "It was announced for %(day)s; it is today's evening now. Its page can move "
                "it back to %(day)s."
            )
            % {"day": day},
        )
    return redirect(evening.get_absolute_url())


@require_POST
@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def move_back(request, pk):
    """Move an evening started early back to the day it was announced for."""
    evening = get_object_or_404(Evening, pk=pk)
    try:
        evening = back_to_announced_day(evening, request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("The evening is back on %(day)s, the day it was announced for.")
            % {"day": formats.date_format(evening.date, "DATE_FORMAT")},
        )
    return redirect(evening.get_absolute_url())


def _answer(request, evening, player, *, say_which: bool = False) -> bool:
    """Save the posted answer for ``evening``; ``say_which``: the message names the evening
    (a personal link lists every announced one)."""
    try:
        services.answer_evening(
            evening, player, request.POST.get("answer", ""), request.POST.get("remark", "")
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    saved = _("Thanks, your answer is saved.")
    if say_which:
        day = formats.date_format(evening.date, "DATE_FORMAT")
        saved += " " + _("It counts for the evening of %(day)s.") % {"day": day}
    messages.success(request, saved)
    return True


@require_POST
@login_required
def answer(request, pk):
    """A logged-in member answers for their own player (a confirmed claim)."""
    evening = get_object_or_404(Evening, pk=pk)
    player = own_player(request.user, evening.league_id)
    if player is None:
        # The page offers the buttons to a player's account only: this is no answer to take.
        raise PermissionDenied(_("Your account is not linked to a player of this league."))
    _answer(request, evening, player)
    return redirect(evening.get_absolute_url())


def _link(token) -> PlayerLink:
    league = current_league()
    link = (
        PlayerLink.objects.filter(token=token[:64], player__league=league)
        .select_related("player")
        .first()
    )
    if link is None:
        raise Http404
    return link


def rsvp(request, token):
    """A player's personal page: the announced evenings, one tap to answer each."""
    link = _link(token)
    if link.revoked_at is not None:
        # A dead link answers as an unknown one does (404), and shows nothing of the player.
        return render(request, "rsvp/revoked.html", status=404)
    player = link.player
    if request.method == "POST":
        if "mails" in request.POST and not receives_mail(player):
            messages.error(request, _("There is no address for your mails yet; see below."))
        elif "mails" in request.POST:
            services.set_mails(
                link,
                remind_before=bool(request.POST.get("remind_before")),
                send_result=bool(request.POST.get("send_result")),
                seat_mail=bool(request.POST.get("seat_mail")),
            )
            messages.success(request, _("Your choice of mails is saved."))
        else:
            given = request.POST.get("evening", "").strip()
            evening = None
            if given.isdigit() and len(given) < 12:
                evening = Evening.objects.filter(pk=int(given)).first()
            if evening is None:
                messages.error(request, _("This evening is not an open announcement any more."))
            else:
                # The evening the answer was given for: each announced one has its own form.
                _answer(request, evening, player, say_which=True)
        return redirect(request.path)
    evenings = list(
        Evening.objects.filter(status=Status.PLANNED, announced_at__isnull=False).order_by(
            "date", "start_time"
        )
    )
    answers = {rsvp.evening_id: rsvp for rsvp in player.rsvps.filter(evening__in=evenings)}
    rows = []
    for evening in evenings:
        mine = answers.get(evening.pk)
        line = None
        if mine and mine.waiting_since:
            line = evening.rsvps.filter(waiting_since__lt=mine.waiting_since).count() + 1
        rows.append(
            {
                "evening": evening,
                "mine": mine,
                "place_in_line": line,
                # Past the deadline only a no is taken: yes and maybe are not offered.
                "closed": services.answers_closed(evening),
            }
        )
    context = {
        "player": player,
        "link": link,
        "rows": rows,
        "league": current_league(),
        "mails": receives_mail(player),
    }
    return render(request, "rsvp/rsvp.html", context)


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def links(request):
    """The owner's list of the players' personal links (copy each); POST makes the missing
    ones, or renews one (``renew``: the old link stops working)."""
    league = current_league()
    if request.method == "POST":
        renew = request.POST.get("renew", "")
        if renew.isdigit():
            link = get_object_or_404(PlayerLink, pk=renew, player__league=league)
            try:
                services.renew_link(link, request.user)
            except ValidationError as error:
                messages.error(request, error.messages[0])
            else:
                messages.success(
                    request,
                    _("A new link for %(name)s; the old one no longer works.")
                    % {"name": link.player.name},
                )
        else:
            made = services.make_links(league, request.user)
            messages.success(request, _("%(count)s links made.") % {"count": made})
        return redirect("rsvp:rsvp_links")
    live = PlayerLink.objects.filter(revoked_at=None, player__league=league)
    by_player = {link.player_id: link for link in live}
    rows = [
        (
            player,
            by_player.get(player.pk),
            request.build_absolute_uri(reverse("rsvp:rsvp", args=[by_player[player.pk].token]))
            if player.pk in by_player
            else "",
        )
        for player in Player.objects.filter(league=league, active=True).order_by("name")
    ]
    return render(
        request, "rsvp/links.html", {"rows": rows, "missing": any(not row[1] for row in rows)}
    )
