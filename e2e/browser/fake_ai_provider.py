"""A fake AI model provider on loopback for the browser tests and the AI benchmark.

Answers Gemini's generateContent (POST /v1beta/models/<model>:generateContent) with a fixed, valid item
analysis in the real wire format, and GET /v1beta/models/<model> for the status probe. Every request body is
kept; GET /_requests returns them as a JSON list (to check, say, that the owner's notes reached the model).

Run alone:  python3 e2e/browser/fake_ai_provider.py [--port N] [--delay SECONDS]
"""

import argparse
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ANALYSIS = {
    "title": "Sterling silver tea set",
    "summary": "A four-piece sterling silver tea service.",
    "description": "Teapot, sugar bowl, creamer and tray.",
    "category": "China & Crystal",
    "valueHints": {
        "low": 800,
        "high": 1200,
        "currencyCode": "USD",
        "confidence": 0.7,
        "sources": ["auction records"],
        "lastUpdated": "2026-01",
    },
    "attributes": {
        "materials": ["sterling silver"],
        "maker": "Gorham",
        "style": "Georgian revival",
        "condition": "Good, light wear",
        "features": ["engraved initials"],
        "era": "1920s",
    },
    "extractedText": "STERLING 925",
    "aiNotes": "A new replacement costs about $3,000.",
}


# The liquidation adviser's brief and plan (Heirloom's downsizing pages and the Legacy Treasure Chest gateway).
BRIEF = {
    "recommendedPath": "pathB_delegateConsign",
    "reasoning": "A consignment shop that knows furniture can sell it for a fair price with little work for you.",
    "pathOptions": [
        {"path": "pathA_maximizePrice", "label": "Sell it yourself", "effort": "high", "timeEstimate": "2–6 weeks",
         "netProceeds": {"currencyCode": "USD", "low": 600, "likely": 750, "high": 900},
         "risks": ["Strangers at the door"], "logisticsNotes": None},
        {"path": "pathB_delegateConsign", "label": "Consign it", "effort": "medium", "timeEstimate": "1–3 months",
         "netProceeds": {"currencyCode": "USD", "low": 400, "likely": 500, "high": 600},
         "risks": ["Fees of 30–50%"], "logisticsNotes": "Ask whether they collect."},
        {"path": "donate", "label": "Give it away", "effort": "low", "timeEstimate": "Days", "netProceeds": None,
         "risks": [], "logisticsNotes": None},
    ],
    "actionSteps": ["Photograph it", "Call two consignment shops"],
    "missingDetails": ["Its condition"],
    "assumptions": ["Local pickup"],
    "confidence": 0.6,
}
PLAN = {"items": [{"order": 1, "text": "Photograph it from every side"},
                  {"order": 2, "text": "Call two consignment shops and compare fees"},
                  {"order": 3, "text": "Sign the agreement and arrange pickup"}]}


class FakeProvider:
    """Serves on 127.0.0.1:<port> (0 picks a free port) in a background thread."""

    def __init__(self, port=0, delay=0.0):
        self.delay = delay
        self.requests = []
        self.lock = threading.Lock()
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _send(self, status, payload):
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/_requests":
                    with provider.lock:
                        self._send(200, list(provider.requests))
                    return
                self._send(200, {"name": self.path.rsplit("/", 1)[-1]})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8", "replace")
                with provider.lock:
                    provider.requests.append({"path": self.path, "body": body})
                if self.headers.get("x-goog-api-key") != "browser-test-key":
                    self._send(400, {"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT",
                                               "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                                            "reason": "API_KEY_INVALID"}]}})
                    return
                if provider.delay:
                    time.sleep(provider.delay)
                # Draft messages and suggestions ask for other shapes: answer the one the schema names.
                if "families who are downsizing or settling an estate" in body:
                    text = json.dumps(BRIEF)
                elif "step-by-step checklist for a family" in body:
                    text = json.dumps(PLAN)
                elif "heirloom they leave to someone" in body:
                    text = json.dumps({"message": "I want you to have this, with all the Sundays it remembers."})
                elif "who might receive an heirloom" in body:
                    ids = re.findall(r"- id ([0-9A-Fa-f-]{36}):", body)
                    text = json.dumps({"suggestions": [{"beneficiaryId": i, "reason": "Loves old things."} for i in ids[:1]]})
                else:
                    text = json.dumps(ANALYSIS)
                self._send(200, {
                    "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP"}],
                    "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 50},
                })

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


API_KEY = "browser-test-key"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.0)
    args = parser.parse_args()
    fake = FakeProvider(args.port, args.delay).start()
    print(fake.base_url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.stop()


if __name__ == "__main__":
    main()
