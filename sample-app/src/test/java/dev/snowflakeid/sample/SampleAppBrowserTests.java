package dev.snowflakeid.sample;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page at {@code /} in a real headless Chromium: create an order, retry it with the same key, and
 * compare the ID the page shows with the one PostgreSQL stored: the page shows the public form only, the
 * operator endpoint decodes it to the stored ID, the API finds the order under it, and one row exists.
 */
class SampleAppBrowserTests {

	private static final HttpClient http = HttpClient.newHttpClient();

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/test";

	@TempDir
	Path work;

	@Test
	void theIdShownInTheBrowserIsTheIdStoredInTheDatabase() throws Exception {
		String schema = "sample_browser_" + Long.toHexString(System.nanoTime());
		try (Connection connection = DriverManager.getConnection(POSTGRES, "postgres", "");
				Statement statement = connection.createStatement()) {
			statement.execute("create schema " + schema);
		}
		List<String> args = new ArrayList<>(List.of(SampleAppEndToEndTests.SHORT_LEASES));
		args.addAll(List.of("--spring.profiles.active=postgres",
				"--spring.datasource.url=" + POSTGRES + "?currentSchema=" + schema,
				"--spring.jpa.properties.hibernate.default_schema=" + schema));
		try (SampleProcess redis = SampleProcess.redis(this.work);
				SampleProcess app = startApp(redis, args);
				WebDriverSession browser = new WebDriverSession(this.work.resolve("chromium-profile"))) {
			browser.open(app.uri("/"));
			browser.click("#create");
			browser.awaitText("#status", (text) -> text.startsWith("201"), Duration.ofSeconds(20));
			String shown = browser.text("#last-id");
			assertThat(shown).matches("t[0-9A-Za-z]{11}");
			browser.click("#retry");
			String retried = browser.awaitText("#status", (text) -> text.startsWith("200"), Duration.ofSeconds(20));
			assertThat(retried).contains(shown);
			assertThat(browser.text("#last-id")).isEqualTo(shown);
			assertThat(browser.awaitText("#orders tbody tr:first-child td.order-id", shown::equals,
					Duration.ofSeconds(20))).isEqualTo(shown);
			try (Connection connection = DriverManager.getConnection(POSTGRES, "postgres", "");
					PreparedStatement query = connection
						.prepareStatement("select id::text, count(*) over () from " + schema + ".orders")) {
				try (ResultSet rows = query.executeQuery()) {
					assertThat(rows.next()).isTrue();
					String stored = rows.getString(1);
					assertThat(page(app, "/api/orders")).contains(shown).doesNotContain(stored);
					assertThat(json.readTree(page(app, "/actuator/snowflake/" + shown)).get("id").asString())
						.as("the operator endpoint decodes the public ID to the stored one").isEqualTo(stored);
					assertThat(json.readTree(page(app, "/api/orders/" + shown)).get("id").asString()).isEqualTo(shown);
					assertThat(http.send(HttpRequest.newBuilder(app.uri("/api/orders/" + stored)).build(),
							HttpResponse.BodyHandlers.ofString()).statusCode())
						.as("the internal ID is not an address").isEqualTo(404);
					assertThat(rows.getLong(2)).as("one row for one idempotency key").isEqualTo(1);
				}
			}
		}
		finally {
			try (Connection connection = DriverManager.getConnection(POSTGRES, "postgres", "");
					Statement statement = connection.createStatement()) {
				statement.execute("drop schema if exists " + schema + " cascade");
			}
		}
	}

	private String page(SampleProcess app, String path) throws Exception {
		HttpResponse<String> response = http.send(HttpRequest.newBuilder(app.uri(path)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return response.body();
	}

	private SampleProcess startApp(SampleProcess redis, List<String> args) throws Exception {
		args.add("--spring.data.redis.port=" + redis.port());
		return SampleProcess.app(this.work, "browser", args.toArray(String[]::new)).awaitUp();
	}

}
