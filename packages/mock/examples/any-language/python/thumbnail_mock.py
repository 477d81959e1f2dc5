"""Drives the Thumbnail API mock's control surface (/__mock) from Python, standard library only.

Copy this file into your tests. The routes are those of the control surface's OpenAPI document
(GET /__mock/openapi.json). Every call is scoped to one API key, so test suites that share a mock
(parallel jobs, several services) never see each other's rules or requests.
"""
import json
import urllib.error
import urllib.parse
import urllib.request


class MockError(Exception):
    """The mock refused a control request, e.g. a rule the contract forbids; `field` names what was wrong."""

    def __init__(self, status, body):
        super().__init__(body.get("error") if isinstance(body, dict) else body)
        self.status = status
        self.field = body.get("field") if isinstance(body, dict) else None


class ThumbnailMock:
    """The mock at `base_url` (THUMBNAIL_API_BASE_URL), as seen by requests sent with the API key `key`."""

    def __init__(self, base_url, key):
        self.base_url = base_url.rstrip("/")
        self.key = key

    def rule(self, rule):
        """Adds a rule (answer, delay or fault); returns its id. Checked against the contract when added."""
        return self._control("POST", "rules", rule)["id"]

    def requests(self, operation_id=None):
        """The journal: what your code sent, oldest first."""
        return self._control("GET", "requests", operationId=operation_id)["requests"]

    def near_misses(self):
        """Requests the rules of their operation did not answer, newest first, each with why."""
        return self._control("GET", "near-misses")["nearMisses"]

    def coverage(self):
        """What the requests exercised of the contract, and `notSeen`: what they never did."""
        return self._control("GET", "coverage")

    def end_pending(self):
        """Ends the requests a `hang` or a delay still holds; returns how many."""
        return self._control("DELETE", "pending")["ended"]

    def reset(self):
        """Removes this key's rules, forgets its journal, ends its held requests."""
        self._control("POST", "reset")

    def _control(self, method, route, body=None, **query):
        query = {"key": self.key, **{name: value for name, value in query.items() if value is not None}}
        url = f"{self.base_url}/__mock/{route}?{urllib.parse.urlencode(query)}"
        data = None if body is None else json.dumps(body).encode()
        headers = {} if data is None else {"content-type": "application/json"}
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            text = error.read()
            raise MockError(error.code, json.loads(text) if text else None) from None
        return json.loads(text) if text else None
