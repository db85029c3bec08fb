from django.urls import reverse

from tests.standings.test_history import page_text


def test_german_by_default_even_for_an_english_browser(client, history):
    response = client.get(reverse("standings:history"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response["Content-Language"] == "de"
    assert "Freitag, 24.07.2020" in page_text(response)


def test_the_switch_chooses_english_and_it_sticks(client, history):
    response = client.post(
        reverse("set_language"), {"language": "en", "next": "/ofc-runde/history/"}
    )
    assert response.status_code == 302
    response = client.get(reverse("standings:history"))
    assert response["Content-Language"] == "en"
    assert "Friday, 24 July 2020" in page_text(response)


def test_an_unknown_language_cookie_falls_back_to_german(client, history):
    client.cookies["django_language"] = "xx"
    assert client.get(reverse("standings:history"))["Content-Language"] == "de"
