"""The studio's door: token, Host header, cross-site forms, request sizes (issue 27, 'safe on a shared machine')."""
from __future__ import annotations

from starlette.testclient import TestClient

from studiokit import PORT, TOKEN


def test_a_request_without_the_token_is_refused(stranger: TestClient) -> None:
    for path in ("/", "/games/dravakron", "/static/studio.css", "/fonts/Sans.ttf", "/games/dravakron/colours"):
        answer = stranger.get(path)
        assert answer.status_code == 403, path
        assert "address 'boardkit studio' printed" in answer.text
    assert stranger.post("/games/dravakron/build", data={"paper": "A4"}).status_code == 403


def test_a_wrong_token_is_refused(stranger: TestClient) -> None:
    answer = stranger.get("/?token=not-the-token")
    assert answer.status_code == 403
    assert "not the token of this studio" in answer.text
    assert stranger.get("/", headers={"X-Boardkit-Token": "guess"}).status_code == 403
    assert stranger.get("/", headers={"cookie": f"boardkit-studio-{PORT}=guess"}).status_code == 403


def test_the_token_in_the_address_becomes_a_cookie_for_this_port(stranger: TestClient) -> None:
    answer = stranger.get(f"/games/drako?token={TOKEN}&paper=letter", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/games/drako?paper=letter"  # the token leaves the address bar
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"boardkit-studio-{PORT}={TOKEN};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert stranger.get("/static/studio.js").status_code == 200  # the cookie now opens every page
    assert TestClient(stranger.app, base_url=stranger.base_url).get(
        "/static/studio.js", headers={"X-Boardkit-Token": TOKEN}).status_code == 200


def test_a_host_other_than_the_loopback_address_is_refused(client: TestClient) -> None:
    for host in ("evil.example", f"evil.example:{PORT}", "192.168.1.2", "127.0.0.1.evil.example"):
        answer = client.get("/", headers={"host": host})
        assert answer.status_code == 403, host
        assert "answers only at 127.0.0.1" in answer.text
    for host in (f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}"):
        assert client.get("/static/studio.css", headers={"host": host}).status_code == 200, host


def test_a_refusal_shows_the_host_as_text(client: TestClient) -> None:
    answer = client.get("/", headers={"host": "<script>x</script>"})
    assert answer.status_code == 403
    assert "<script>" not in answer.text and "&lt;script&gt;" in answer.text


def test_a_form_sent_from_another_site_is_refused(client: TestClient) -> None:
    answer = client.post("/games/dravakron/colours/preview", data={"name": "x"},
                         headers={"origin": "http://evil.example"})
    assert answer.status_code == 403
    assert "another site" in answer.text


def test_a_request_body_past_the_cap_is_refused(client: TestClient) -> None:
    big = "x" * (300 * 1024)
    answer = client.post("/games/dravakron/colours/upload", files={"file": ("big.yaml", big.encode())})
    assert answer.status_code == 413
    assert "larger than 256 KB" in answer.text
