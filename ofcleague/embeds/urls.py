from django.urls import path

app_name = "embeds"

urlpatterns: list = []
