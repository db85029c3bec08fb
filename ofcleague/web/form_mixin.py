"""The base of the site's form mixins: a form to the type checker, a plain class at run time.

A mixin such as :class:`~ofcleague.web.stale.ReadAtMixin` reads the form's fields, data and
errors; saying so lets the checker see those names, while at run time the mixin stays out of
the form's class hierarchy (``class MyForm(ReadAtMixin, forms.Form)``).
"""

from typing import TYPE_CHECKING

from django import forms

if TYPE_CHECKING:
    FormMixin = forms.Form
else:
    FormMixin = object

__all__ = ["FormMixin"]
