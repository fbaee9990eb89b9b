/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.sample;

import java.io.File;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page at {@code /} in a real headless Chromium driven by Selenium: create an order,
 * retry it with the same key, and compare the ID the page shows with the one PostgreSQL
 * stored: the page shows the public form only, the operator endpoint decodes it to the
 * stored ID, the API finds the order under it, and one row exists. PostgreSQL is embedded
 * (binaries from Maven Central); Chromium and chromedriver are Debian's
 * ({@code scripts/install-test-tools.sh}).
 */
@RealProcesses
class SampleAppBrowserTests {

	static final String CHROMIUM = "/usr/bin/chromium";

	static final String CHROMEDRIVER = "/usr/bin/chromedriver";

	private static final Duration PAGE_WAIT = Duration.ofSeconds(20);

	private static final HttpClient http = HttpClient.newHttpClient();

	private static final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path work;

	@Test
	void theIdShownInTheBrowserIsTheIdStoredInTheDatabase() throws Exception {
		try (EmbeddedPostgres postgres = EmbeddedPostgres.start()) {
			String url = postgres.getJdbcUrl("postgres", "postgres");
			List<String> args = new ArrayList<>(List.of(SampleAppEndToEndTests.SHORT_LEASES));
			args.addAll(List.of("--spring.profiles.active=postgres", "--spring.datasource.url=" + url));
			WebDriver browser = null;
			try (RedisServer redis = RedisServer.start(); SampleProcess app = startApp(redis, args)) {
				browser = chromium();
				browser.get(app.uri("/").toString());
				browser.findElement(By.id("create")).click();
				awaitText(browser, "#status", (text) -> text.startsWith("201"));
				String shown = browser.findElement(By.id("last-id")).getText();
				assertThat(shown).matches("t[0-9A-Za-z]{11}");
				browser.findElement(By.id("retry")).click();
				String retried = awaitText(browser, "#status", (text) -> text.startsWith("200"));
				assertThat(retried).contains(shown);
				assertThat(browser.findElement(By.id("last-id")).getText()).isEqualTo(shown);
				assertThat(awaitText(browser, "#orders tbody tr:first-child td.order-id", shown::equals))
					.isEqualTo(shown);
				try (Connection connection = DriverManager.getConnection(url);
						PreparedStatement query = connection
							.prepareStatement("select id::text, count(*) over () from orders")) {
					try (ResultSet rows = query.executeQuery()) {
						assertThat(rows.next()).isTrue();
						String stored = rows.getString(1);
						assertThat(page(app, "/api/orders")).contains(shown).doesNotContain(stored);
						assertThat(json.readTree(page(app, "/actuator/snowflake/" + shown)).get("id").asString())
							.as("the operator endpoint decodes the public ID to the stored one")
							.isEqualTo(stored);
						assertThat(json.readTree(page(app, "/api/orders/" + shown)).get("id").asString())
							.isEqualTo(shown);
						assertThat(http
							.send(HttpRequest.newBuilder(app.uri("/api/orders/" + stored)).build(),
									HttpResponse.BodyHandlers.ofString())
							.statusCode()).as("the internal ID is not an address").isEqualTo(404);
						assertThat(rows.getLong(2)).as("one row for one idempotency key").isEqualTo(1);
					}
				}
			}
			finally {
				if (browser != null) {
					browser.quit();
				}
			}
		}
	}

	private WebDriver chromium() {
		ChromeDriverService driver = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
			.usingAnyFreePort()
			.withLogFile(this.work.resolve("chromedriver.log").toFile())
			.build();
		ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM)
			.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
					"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
					"--user-data-dir=" + this.work.resolve("chromium-profile"));
		return new ChromeDriver(driver, options);
	}

	/**
	 * Reads the element's text until it satisfies the condition, for at most
	 * {@link #PAGE_WAIT}.
	 */
	private static String awaitText(WebDriver browser, String css, Predicate<String> condition) {
		return new WebDriverWait(browser, PAGE_WAIT).withMessage(() -> "'" + css + "' never showed the expected text")
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> {
				String text = driver.findElement(By.cssSelector(css)).getText();
				return condition.test(text) ? text : null;
			});
	}

	private String page(SampleProcess app, String path) throws Exception {
		HttpResponse<String> response = http.send(HttpRequest.newBuilder(app.uri(path)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(path).isEqualTo(200);
		return response.body();
	}

	private SampleProcess startApp(RedisServer redis, List<String> args) throws Exception {
		args.add("--spring.data.redis.port=" + redis.port());
		return SampleProcess.app(this.work, "browser", args.toArray(String[]::new)).awaitUp();
	}

}
