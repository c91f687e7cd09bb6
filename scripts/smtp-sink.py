#!/usr/bin/env python3
"""A loopback SMTP server for tests: `smtp-sink.py DIR` listens on 127.0.0.1 (a free port, written to DIR/port)
and saves each message it receives as DIR/<n>.json with its envelope, headers and decoded text and HTML parts."""
import asyncio
import email
import email.policy
import json
import os
import signal
import sys
import time

from aiosmtpd.smtp import SMTP


class Saver:
    def __init__(self, directory):
        self.directory = directory

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",))
        html = message.get_body(preferencelist=("html",))
        record = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "from": str(message["From"]),
            "to": str(message["To"]),
            "subject": str(message["Subject"]),
            "messageId": str(message["Message-ID"]),
            "text": text.get_content() if text else "",
            "html": html.get_content() if html else "",
        }
        name = os.path.join(self.directory, f"{time.time_ns()}.json")
        with open(name + ".tmp", "w") as file:
            json.dump(record, file)
        os.replace(name + ".tmp", name)
        return "250 Message accepted"


async def main(directory):
    os.makedirs(directory, exist_ok=True)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(Saver(directory)), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    with open(os.path.join(directory, "port.tmp"), "w") as file:
        file.write(str(port))
    os.replace(os.path.join(directory, "port.tmp"), os.path.join(directory, "port"))
    # Ends with the test process that started it, even when that process crashed without stopping it.
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(0.5)
    server.close()


if __name__ == "__main__":
    # A parent that blocked SIGTERM in its threads (a test runner) passes the mask on: take it back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    asyncio.run(main(sys.argv[1]))
