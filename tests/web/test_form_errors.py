"""A service's refusal lands on the form that asked (web/form_errors.py), on every page alike."""

from django import forms
from django.core.exceptions import ValidationError

from ofcleague.web.form_errors import add_service_errors


class NameForm(forms.Form):
    name = forms.CharField()


def test_each_message_goes_next_to_its_field_or_above_the_form():
    form = NameForm({"name": "Anna"})
    assert form.is_valid()
    error = ValidationError(
        {"name": ["This name is taken."], "slug": ValidationError("%(n)s is bad.", params={"n": 7})}
    )
    add_service_errors(form, error)
    assert form.errors["name"] == ["This name is taken."]
    assert form.non_field_errors() == ["7 is bad."]
    assert form.data["name"] == "Anna"


def test_a_refusal_without_fields_goes_above_the_form():
    form = NameForm({"name": "Anna"})
    assert form.is_valid()
    add_service_errors(form, ValidationError(["First.", "Second."]))
    assert form.non_field_errors() == ["First.", "Second."]
