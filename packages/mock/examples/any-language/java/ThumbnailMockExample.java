// The Thumbnail API mock driven from Java 17 or newer with java.net.http alone: a rule, the calls it answers,
// the journal, a reset. Run it as a single file: java ThumbnailMockExample.java (THUMBNAIL_API_BASE_URL names
// the mock). In a JUnit suite, the same requests go in @BeforeEach / @AfterEach.
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

public class ThumbnailMockExample {
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final String BASE_URL = System.getenv().getOrDefault("THUMBNAIL_API_BASE_URL", "http://127.0.0.1:4010");
    // A key of this program's own: the mock keeps its rules and journal apart from other suites'.
    static final String KEY = System.getenv().getOrDefault("THUMBNAIL_API_KEY", "sk_test_java_example");
    static final String SCOPE = "?key=" + URLEncoder.encode(KEY, StandardCharsets.UTF_8);

    static HttpResponse<String> send(String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(BASE_URL + path)).timeout(Duration.ofSeconds(10)).header("x-api-key", KEY);
        if (json == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("content-type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }

    public static void main(String[] args) throws Exception {
        // The next listThumbnails gets a 503 with Retry-After; the one after it the contract's answer.
        String rule = "{\"operationId\": \"listThumbnails\", \"times\": 1, \"answer\": {\"status\": 503, \"headers\": {\"retry-after\": \"1\"}}}";
        HttpResponse<String> added = send("POST", "/__mock/rules" + SCOPE, rule);
        check(added.statusCode() == 201, "the rule was refused: " + added.body());

        HttpResponse<String> first = send("GET", "/api/thumbnails", null);
        check(first.statusCode() == 503, "expected the rule's 503, got " + first.statusCode());
        check(first.headers().firstValue("retry-after").orElse("").equals("1"), "expected Retry-After: 1");
        HttpResponse<String> second = send("GET", "/api/thumbnails", null);
        check(second.statusCode() == 200, "expected the contract's 200, got " + second.statusCode());

        // The journal: both calls, as the mock received them (the key redacted).
        HttpResponse<String> journal = send("GET", "/__mock/requests" + SCOPE + "&operationId=listThumbnails", null);
        int calls = journal.body().split("\"operationId\":\"listThumbnails\"", -1).length - 1;
        check(calls == 2, "expected 2 calls in the journal, got " + calls + ": " + journal.body());

        check(send("POST", "/__mock/reset" + SCOPE, null).statusCode() == 204, "reset failed");
        System.out.println("ok: a 503 with Retry-After, then 200; the journal holds both calls");
    }
}
