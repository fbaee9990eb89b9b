package dev.snowflakeid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A headless Chromium driven through chromedriver's W3C WebDriver HTTP protocol: just enough to open a
 * page, click, and read text, as a person would.
 */
final class WebDriverSession implements AutoCloseable {

	static final String CHROMIUM = "/usr/bin/chromium";

	static final String CHROMEDRIVER = "/usr/bin/chromedriver";

	private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final Process driver;

	private final URI base;

	private final String session;

	WebDriverSession(Path profile) throws Exception {
		int port = SampleProcess.freePort();
		this.driver = new ProcessBuilder(CHROMEDRIVER, "--port=" + port).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(profile.resolveSibling("chromedriver.log").toFile()))
			.start();
		this.base = URI.create("http://127.0.0.1:" + port);
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (!ready()) {
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("chromedriver did not start: "
						+ Files.readString(profile.resolveSibling("chromedriver.log")));
			}
			LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
		}
		Map<String, Object> options = Map.of("binary", CHROMIUM, "args",
				List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
						"--no-first-run", "--disable-background-networking", "--disable-component-update",
						"--disable-sync", "--user-data-dir=" + profile));
		JsonNode created = call("POST", "/session",
				Map.of("capabilities", Map.of("alwaysMatch", Map.of("browserName", "chrome", "goog:chromeOptions", options))));
		this.session = created.get("value").get("sessionId").asString();
	}

	private boolean ready() {
		try {
			return call("GET", "/status", null).get("value").get("ready").asBoolean();
		}
		catch (Exception ex) {
			return false;
		}
	}

	void open(URI uri) throws Exception {
		call("POST", "/session/" + this.session + "/url", Map.of("url", uri.toString()));
	}

	void click(String css) throws Exception {
		call("POST", "/session/" + this.session + "/element/" + find(css) + "/click", Map.of());
	}

	String text(String css) throws Exception {
		return call("GET", "/session/" + this.session + "/element/" + find(css) + "/text", null).get("value").asString();
	}

	/** Reads the element's text until it satisfies the condition, for at most the timeout. */
	String awaitText(String css, Predicate<String> condition, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		String text = "";
		while (System.nanoTime() - deadline < 0) {
			try {
				text = text(css);
				if (condition.test(text)) {
					return text;
				}
			}
			catch (IllegalStateException ex) {
				text = ex.getMessage();
			}
			LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
		}
		throw new IllegalStateException("'" + css + "' never showed the expected text; last: " + text);
	}

	private String find(String css) throws Exception {
		JsonNode found = call("POST", "/session/" + this.session + "/element",
				Map.of("using", "css selector", "value", css));
		return found.get("value").get(ELEMENT).asString();
	}

	private JsonNode call(String method, String path, Object body) throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.base.resolve(path)).timeout(Duration.ofSeconds(30));
		if (body == null) {
			request.method(method, HttpRequest.BodyPublishers.noBody());
		}
		else {
			request.header("Content-Type", "application/json")
				.method(method, HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
		}
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() >= 400) {
			throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + ": " + response.body());
		}
		return json.readTree(response.body());
	}

	@Override
	public void close() throws Exception {
		try {
			if (this.session != null) {
				call("DELETE", "/session/" + this.session, null);
			}
		}
		finally {
			this.driver.destroy();
			this.driver.waitFor(10, TimeUnit.SECONDS);
		}
	}

}
