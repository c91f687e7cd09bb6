#!/usr/bin/env python3
"""A loopback OpenAI-compatible speech-to-text server for tests, around PyPI's pocketsphinx (which ships its US
English model): `stt-server.py DIR` listens on 127.0.0.1 (a free port, written to DIR/port), answers
POST /v1/audio/transcriptions (multipart: file, model, response_format json | verbose_json) and counts the
recordings it heard in DIR/requests."""
import email.parser
import io
import email.policy
import json
import os
import signal
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pocketsphinx import Decoder, Segmenter

LOCK = threading.Lock()


def transcribe(audio):
    """The timed phrases of a recording in any format ffmpeg reads."""
    pcm = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", "pipe:0", "-ac", "1", "-ar", "16000", "-f", "s16le", "pipe:1"],
        input=audio, capture_output=True, check=True).stdout
    decoder = Decoder(samprate=16000)
    segments = []
    for speech in Segmenter(sample_rate=16000).segment(io.BytesIO(pcm)):
        decoder.start_utt()
        decoder.process_raw(speech.pcm, full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        if hyp is not None and hyp.hypstr.strip():
            segments.append({"id": len(segments), "start": round(speech.start_time, 2), "end": round(speech.end_time, 2),
                             "text": " " + hyp.hypstr.strip()})
    return segments


class Handler(BaseHTTPRequestHandler):
    directory = "."

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path.rstrip("/") not in ("/v1/audio/transcriptions", "/audio/transcriptions"):
            return self.answer(404, {"error": {"message": "not found"}})
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        head = f"Content-Type: {self.headers['Content-Type']}\r\n\r\n".encode()
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
        fields, audio = {}, None
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if name == "file":
                audio = part.get_payload(decode=True)
            elif name:
                fields[name] = part.get_content().strip()
        if not audio:
            return self.answer(400, {"error": {"message": "no file"}})
        with LOCK:
            path = os.path.join(self.directory, "requests")
            count = int(open(path).read()) if os.path.exists(path) else 0
            with open(path + ".tmp", "w") as file:
                file.write(str(count + 1))
            os.replace(path + ".tmp", path)
        segments = transcribe(audio)
        text = " ".join(segment["text"].strip() for segment in segments)
        if fields.get("response_format") == "verbose_json":
            return self.answer(200, {"task": "transcribe", "language": "english", "text": text, "segments": segments})
        return self.answer(200, {"text": text})


def main(directory):
    os.makedirs(directory, exist_ok=True)
    Handler.directory = directory
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(os.path.join(directory, "port.tmp"), "w") as file:
        file.write(str(server.server_address[1]))
    os.replace(os.path.join(directory, "port.tmp"), os.path.join(directory, "port"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Ends with the test process that started it, even when that process crashed without stopping it.
    parent = os.getppid()
    while os.getppid() == parent:
        threading.Event().wait(0.5)
    server.shutdown()


if __name__ == "__main__":
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    main(sys.argv[1])
