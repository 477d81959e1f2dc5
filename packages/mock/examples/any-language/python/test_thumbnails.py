"""A unittest suite of a Python service against the Thumbnail API mock: rules, the journal and a fault.

Run it with the mock up: python3 -m unittest test_thumbnails (THUMBNAIL_API_BASE_URL names the mock).
"""
import json
import os
import unittest
import urllib.error
import urllib.request
import uuid

from thumbnail_mock import MockError, ThumbnailMock

BASE_URL = os.environ.get("THUMBNAIL_API_BASE_URL", "http://127.0.0.1:4010")
# A key of this suite's own: the mock keeps its rules and journal apart from other suites'.
KEY = os.environ.get("THUMBNAIL_API_KEY") or f"sk_test_python_{uuid.uuid4().hex[:12]}"


def create_thumbnail(prompt):
    """The code under test: what your service does with the API (here, one request)."""
    request = urllib.request.Request(
        f"{BASE_URL}/api/thumbnails",
        data=json.dumps({"prompt": prompt}).encode(),
        method="POST",
        headers={"x-api-key": KEY, "content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, json.loads(response.read())


class CreateThumbnailTests(unittest.TestCase):
    def setUp(self):
        self.mock = ThumbnailMock(BASE_URL, KEY)
        self.addCleanup(self.mock.reset)

    def test_sends_the_prompt_it_was_given(self):
        status, _ = create_thumbnail("A red fox at dawn")
        self.assertEqual(status, 200)
        [sent] = self.mock.requests("createThumbnail")
        self.assertEqual(sent["body"], {"prompt": "A red fox at dawn"})

    def test_sees_a_503_with_retry_after_once(self):
        self.mock.rule({"operationId": "createThumbnail", "times": 1, "answer": {"status": 503, "headers": {"retry-after": "2"}}})
        with self.assertRaises(urllib.error.HTTPError) as raised:
            create_thumbnail("A red fox at dawn")
        self.assertEqual((raised.exception.code, raised.exception.headers["retry-after"]), (503, "2"))
        self.assertEqual(create_thumbnail("A red fox at dawn")[0], 200)

    def test_a_reset_connection_is_a_network_error(self):
        self.mock.rule({"operationId": "createThumbnail", "times": 1, "fault": "reset"})
        with self.assertRaises((urllib.error.URLError, ConnectionError)):
            create_thumbnail("A red fox at dawn")

    def test_a_rule_that_breaks_the_contract_is_refused(self):
        with self.assertRaises(MockError) as raised:
            self.mock.rule({"operationId": "createThumbnail", "answer": {"status": 503, "body": "down"}})
        self.assertEqual(raised.exception.field, "answer.body")

    def test_a_near_miss_says_why_a_rule_did_not_answer(self):
        self.mock.rule({"operationId": "createThumbnail", "body": {"prompt": "a cat"}, "answer": {"status": 200}})
        create_thumbnail("a dog")
        [miss] = self.mock.near_misses()
        self.assertEqual(miss["difference"], 'body.prompt: expected "a cat", got "a dog"')


if __name__ == "__main__":
    unittest.main()
