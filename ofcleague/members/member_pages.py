"""Who belongs to a league: its members page (``/<league>/members/``), the invite link's page
(``/join/<token>/``, a page of the site) and the "that's me" of a player's page.

The members page is the owner's: the members with their roles, the claims to confirm, the
invites with their links and QR codes. A member who does not run the league sees the page
with one button, leaving it. Every button posts; every write goes through
``league/services/members.py`` and ends in a redirect back with a message.
"""

from __future__ import annotations

from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.roles import MEMBERS_ONLY, OWNER_ONLY, require, role_of, runs
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.member_forms import InviteForm, posted_id
from ofcleague.members.services import members as services
from ofcleague.web.form_errors import add_service_errors
from ofcleague.web.qr import qr_svg

app_name = "leaguemembers"

#: The newest invites the page lists (the older ones have long expired or been used).
SHOWN_INVITES = 30


def _players():
    return (
        Player.objects.exclude(claims__status=ClaimStatus.CONFIRMED)
        .order_by("name")
        .only("pk", "name", "slug", "league_id")
    )


def _invite_rows(request, league):
    now = timezone.now()
    rows = []
    for invite in Invite.objects.filter(league=league).select_related("player")[:SHOWN_INVITES]:
        refusal = services.invite_refusal(invite, now)
        link = request.build_absolute_uri(reverse("join", args=[invite.token]))
        title = _("Invite link into %(league)s") % {"league": league.name}
        rows.append(
            {
                "invite": invite,
                "link": link,
                "state": refusal[1] if refusal else "",
                "qr": "" if refusal else qr_svg(link, title),
            }
        )
    return rows


def _owner_context(request, league, form):
    memberships = list(
        Membership.objects.filter(league=league).select_related("user").order_by("user__username")
    )
    claims = list(
        PlayerClaim.objects.filter(
            league=league, status__in=[ClaimStatus.PENDING, ClaimStatus.CONFIRMED]
        ).select_related("player", "user")
    )
    linked = {claim.user_id: claim for claim in claims if claim.status == ClaimStatus.CONFIRMED}
    return {
        "members": [(membership, linked.get(membership.user_id)) for membership in memberships],
        "pending": [claim for claim in claims if claim.status == ClaimStatus.PENDING],
        "invites": _invite_rows(request, league),
        "form": form,
        "roles": Role.choices,
    }


def _member_of(league, user_id):
    if user_id is None:
        return None
    return Membership.objects.filter(league=league, user_id=user_id).select_related("user").first()


def _claim_of(league, claim_id):
    if claim_id is None:
        return None
    claims = PlayerClaim.objects.filter(league=league, pk=claim_id)
    return claims.select_related("player", "user").first()


def _owner_action(request, league, action):
    """Run the owner's ``action``; a message for what happened, or the invite form with its
    errors to show again."""
    data = request.POST
    by = request.user
    if action == "invite":
        form = InviteForm(data, players=_players())
        if not form.is_valid():
            return form
        values = form.cleaned_data
        try:
            services.make_invite(
                league,
                by,
                values["role"],
                days=values["days"],
                max_uses=values["max_uses"],
                player=values["player"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
            return form
        messages.success(request, _("The invite is made: send its link or show its QR code."))
        return None
    if action == "revoke":
        invite = Invite.objects.filter(league=league, pk=posted_id(data, "invite")).first()
        if invite is None:
            raise ValidationError(_("This invite is not known."))
        services.revoke_invite(invite, by)
        messages.success(request, _("The invite is withdrawn: its link lets nobody in."))
        return None
    if action in ("role", "remove"):
        membership = _member_of(league, posted_id(data, "user"))
        if membership is None:
            raise ValidationError(_("This account is no member of the league."))
        name = membership.user.get_username()
        if action == "role":
            services.set_role(league, membership.user, data.get("role"), by)
            messages.success(request, _("%(name)s's role is changed.") % {"name": name})
        else:
            services.remove_member(league, membership.user, by)
            messages.success(request, _("%(name)s is no longer a member.") % {"name": name})
        return None
    if action in ("confirm", "refuse", "unlink"):
        claim = _claim_of(league, posted_id(data, "claim"))
        if claim is None:
            raise ValidationError(_("This claim is not known."))
        if action == "unlink":
            services.unlink(claim, by)
            messages.success(request, _("The link to %(name)s is undone.") % {"name": claim.player})
        else:
            services.decide_claim(claim, action == "confirm", by)
            messages.success(request, _decision_message(claim, action == "confirm"))
        return None
    raise ValidationError(_("Choose what to do."))


def _decision_message(claim, confirmed: bool) -> str:
    """What the decision changed, and for whom."""
    names = {"user": claim.user.get_username(), "player": claim.player.name}
    if confirmed:
        return (
            _(
                "%(user)s's account is now the player %(player)s: the answers to the evenings "
                "and the money pages of %(player)s are theirs, and their mails go to the "
                "account's address."
            )
            % names
        )
    return (
        _(
            "%(user)s's claim to be %(player)s is refused: the account stays without a player "
            "and %(player)s stays free to be claimed."
        )
        % names
    )


def _claimable():
    """The players a member without a player may say "this is me" of: those no account is
    linked to (all the league's players, even before its first evening)."""
    return _players().filter(active=True)


def _withdraw(request, league):
    """The member undoes their own claim (or link) to a player."""
    claim = PlayerClaim.objects.filter(
        league=league, user=request.user, pk=posted_id(request.POST, "claim")
    ).first()
    if claim is None:
        raise ValidationError(_("This claim is not known."))
    services.unlink(claim, request.user)
    messages.success(request, _("The link to %(name)s is undone.") % {"name": claim.player})


def members_page(request):
    league = request.league
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    require(MEMBERS_ONLY, request.user, league)
    owner = runs(request.user, league)
    role = role_of(request.user, league)
    form = InviteForm(players=_players()) if owner else None
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "leave":
                services.leave_league(league, request.user)
                messages.success(request, _("You left %(league)s.") % {"league": league.name})
                return redirect("/")
            if action == "withdraw":
                _withdraw(request, league)
                return redirect("leaguemembers:members")
            require(OWNER_ONLY, request.user, league)
            form = _owner_action(request, league, action)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
            form = None
        if form is None:
            return redirect("leaguemembers:members")
    context = {
        "league": league,
        "owner": owner,
        "role": role,
        "role_label": Role(role).label if role else "",
        "mine": PlayerClaim.objects.filter(
            league=league,
            user=request.user,
            status__in=[ClaimStatus.PENDING, ClaimStatus.CONFIRMED],
        )
        .select_related("player")
        .first(),
    }
    if context["mine"] is None:
        context["claimable"] = _claimable()
    if owner:
        context.update(_owner_context(request, league, form))
    return render(request, "members/members.html", context)


def _signup_url(next_path):
    """The sign-up page, back to ``next_path`` after it; the login page where there is none."""
    try:
        url = reverse("account_signup")
    except NoReverseMatch:
        url = reverse("login")
    return f"{url}?next={quote(next_path)}"


def join(request, token):
    """An invite's page: the league and the role it gives; one button to join."""
    invite = services.find_invite(token)
    refusal = services.invite_refusal(invite)
    here = request.path
    if request.method == "POST" and refusal is None:
        if not request.user.is_authenticated:
            return redirect_to_login(here)
        try:
            services.accept_invite(invite.token, request.user)
        except ValidationError as error:
            refusal = (getattr(error, "code", ""), error.messages[0])
        else:
            messages.success(request, _("Welcome to %(league)s!") % {"league": invite.league.name})
            return redirect(f"/{invite.league.slug}/")
    elif request.method not in ("GET", "HEAD", "POST"):
        return redirect(here)
    # A dead invite (unknown, withdrawn, expired, used up) answers 404 and names no league.
    if refusal is not None and refusal[0] != services.PLAYER_TAKEN:
        invite = None
    current = None
    if invite is not None and request.user.is_authenticated:
        current = role_of(request.user, invite.league)
    context = {
        "invite": invite,
        "refusal": refusal[1] if refusal else "",
        "current_role": Role(current).label if current else "",
        "login_url": f"{reverse('login')}?next={quote(here)}",
        "signup_url": _signup_url(here),
    }
    return render(request, "members/join.html", context, status=404 if invite is None else 200)


@require_POST
def claim(request, slug):
    """ "That's me": the logged-in member claims the player ``slug``."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    player = Player.objects.filter(slug=slug).first()
    if player is None:
        raise Http404(_("There is no such player."))
    try:
        done = services.claim_player(player, request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        if done.status == ClaimStatus.CONFIRMED:
            messages.success(
                request, _("Your account is now linked to %(name)s.") % {"name": player}
            )
        else:
            messages.success(
                request,
                _("Thanks! The league's owner confirms that you are %(name)s.") % {"name": player},
            )
    if request.POST.get("back") == "members":
        return redirect("leaguemembers:members")
    return redirect(player.get_absolute_url())


urlpatterns = [
    path("members/", members_page, name="members"),
    path("players/<slug:slug>/claim/", claim, name="claim"),
]
