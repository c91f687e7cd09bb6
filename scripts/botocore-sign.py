#!/usr/bin/env python3
"""Signs S3 requests with botocore's own SigV4 signer, for the tests that check Heirloom's S3Signer against it.

`botocore-sign.py FILE` reads a JSON list of requests from FILE, each
  {"method", "host", "bucket", "key" (null for the bucket), "addressing" ("path" or "virtual-host"),
   "query": [[name, value], …], "headers": [[name, value], …], "body" (base64), "date" ("20130524T000000Z"),
   "accessKeyID", "secretAccessKey", "region"}
with the key, query names and values not encoded, and prints a JSON list of
  {"path", "canonicalRequest", "stringToSign", "authorization"}
as botocore's S3SigV4Auth writes them: the path is encoded as botocore's serializer encodes a key
(`percent_encode(key, safe="/~")`) and the query is given as parameters, as botocore gives them."""
import base64
import datetime
import json
import sys
from unittest import mock
from urllib.parse import urlsplit

from botocore.auth import S3SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from botocore.utils import percent_encode


class RecordingSigner(S3SigV4Auth):
    """botocore's S3 signer, keeping the canonical request and the string to sign it made."""

    def canonical_request(self, request):
        self.recorded_canonical_request = super().canonical_request(request)
        return self.recorded_canonical_request

    def string_to_sign(self, request, canonical_request):
        self.recorded_string_to_sign = super().string_to_sign(request, canonical_request)
        return self.recorded_string_to_sign


def sign(spec):
    key_path = "" if spec["key"] is None else "/" + percent_encode(spec["key"], safe="/~")
    if spec["addressing"] == "path":
        host, path = spec["host"], "/" + spec["bucket"] + key_path
    else:
        host, path = spec["bucket"] + "." + spec["host"], key_path or "/"
    request = AWSRequest(
        method=spec["method"],
        url="http://" + host + path,
        params=[tuple(pair) for pair in spec["query"]],
        data=base64.b64decode(spec["body"]),
    )
    for name, value in spec["headers"]:
        request.headers[name] = value
    request.headers["Host"] = host
    signer = RecordingSigner(Credentials(spec["accessKeyID"], spec["secretAccessKey"]), "s3", spec["region"])
    moment = datetime.datetime.strptime(spec["date"], "%Y%m%dT%H%M%SZ")
    with mock.patch("botocore.auth.get_current_datetime", return_value=moment):
        signer.add_auth(request)
    return {
        "path": urlsplit(request.url).path,
        "canonicalRequest": signer.recorded_canonical_request,
        "stringToSign": signer.recorded_string_to_sign,
        "authorization": request.headers["Authorization"],
    }


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        requests = json.load(file)
    json.dump([sign(spec) for spec in requests], sys.stdout)
