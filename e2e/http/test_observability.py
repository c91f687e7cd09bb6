"""One log line per request (route pattern, status, duration, request id; no secrets) and /metrics for Prometheus."""

import re
import time

import requests

from conftest import PASSWORD, running_server, set_up_hub

METRICS_TOKEN = "metrics-token-for-the-test-0123456789"
SECRETS = ["hunter2-never-logged", "bearer-never-logged", "cookie-never-logged", "invitation-never-logged"]


def test_request_log_and_metrics():
    with running_server("observability", env={"HEIRLOOM_METRICS_TOKEN": METRICS_TOKEN}) as server:
        base = server.base_url
        session = requests.Session()
        set_up_hub(session, base)
        # given requests that carry secrets in every place a log could pick them up
        assert session.get(f"{base}/login", timeout=10).status_code == 200
        wrong = session.post(
            f"{base}/api/auth/login", json={"email": "ann@example.com", "password": SECRETS[0]}, timeout=10
        )
        assert wrong.status_code == 401
        session.get(
            f"{base}/api/household",
            headers={"Authorization": f"Bearer {SECRETS[1]}", "Cookie": f"heirloom_session={SECRETS[2]}"},
            timeout=10,
        )
        session.get(f"{base}/invite/{SECRETS[3]}", timeout=10)
        tagged = session.get(f"{base}/api/health", headers={"X-Request-Id": "proxy-given-id-42"}, timeout=10)
        assert tagged.headers["X-Request-Id"] == "proxy-given-id-42"

        # /metrics needs the token
        assert requests.get(f"{base}/metrics", timeout=10).status_code == 401
        assert (
            requests.get(f"{base}/metrics", headers={"Authorization": "Bearer wrong"}, timeout=10).status_code == 401
        )
        metrics = requests.get(f"{base}/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}, timeout=10)
        assert metrics.status_code == 200
        assert metrics.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = metrics.text
        assert 'heirloom_http_requests_total{method="GET",route="/login",status="200"} 1' in text
        assert 'heirloom_http_requests_total{method="POST",route="/api/auth/login",status="401"} 1' in text
        assert 'route="/invite/:token"' in text
        assert "heirloom_http_request_duration_seconds_bucket{" in text
        assert re.search(r'heirloom_media_jobs_running\{tool="audio_video"\} 0', text)
        assert re.search(r'heirloom_media_jobs_queued\{tool="image"\} 0', text)
        assert re.search(r"heirloom_http_requests_in_flight 1", text)
        assert re.search(r"heirloom_database_up 1", text)
        assert not any(secret in text for secret in SECRETS)

        # The log is written as the requests end: wait for the last one's line rather than for a fixed time.
        deadline = time.monotonic() + 10
        while "request_id=proxy-given-id-42" not in server.log() and time.monotonic() < deadline:
            time.sleep(0.05)
        log = server.log()
        lines = [line for line in log.splitlines() if "request_id=" in line]
        login_lines = [line for line in lines if "method=GET route=/login status=200" in line]
        assert len(login_lines) == 1, lines
        assert re.search(r"duration_ms=\d+\.\d request_id=[0-9a-f-]{36}", login_lines[0])
        assert any("route=/invite/:token" in line for line in lines)
        assert any("request_id=proxy-given-id-42" in line for line in lines)
        for secret in SECRETS + [PASSWORD, METRICS_TOKEN]:
            assert secret not in log, f"{secret} is in the log"


def test_metrics_absent_without_a_token():
    with running_server("no-metrics") as server:
        assert requests.get(f"{server.base_url}/metrics", timeout=10).status_code == 404
