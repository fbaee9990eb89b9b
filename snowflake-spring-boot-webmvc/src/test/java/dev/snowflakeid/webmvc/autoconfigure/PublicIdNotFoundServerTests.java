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
package dev.snowflakeid.webmvc.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.webmvc.PublicIdNotFoundException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureRestTestClient;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.client.ExchangeResult;
import org.springframework.test.web.servlet.client.RestTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 404 for a string that is not a public ID, as a client of a running server sees it:
 * Tomcat on a random port, Spring Boot's error handling, with and without RFC 9457
 * problem details. It must equal the 404 for a public ID that names no row in status,
 * content type and body; only the body's timestamp and the request path it echoes may
 * differ.
 */
@SpringBootTest(classes = PublicIdNotFoundServerTests.Application.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "snowflake.public-ids.active-key=b", "spring.main.banner-mode=off" })
@AutoConfigureRestTestClient
class PublicIdNotFoundServerTests {

	private static final long KNOWN = 7_349_163_285_118_976_021L;

	private static final String POST = "POST ";

	/** Every way a controller takes the ID; the value follows each. */
	private static final String[] PATHS = { "/orders/", "/orders?id=", "/orders/query?id=",
			POST + "/orders/lookup?id=" };

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@DynamicPropertySource
	static void keyRing(DynamicPropertyRegistry registry) {
		registry.add("snowflake.public-ids.keys.a", () -> TestKeys.KEY_A);
		registry.add("snowflake.public-ids.keys.b", () -> TestKeys.KEY_B);
	}

	@Nested
	@TestPropertySource(properties = "spring.mvc.problemdetails.enabled=false")
	class BootErrorBody extends SameResponse {

	}

	@Nested
	@TestPropertySource(properties = "spring.mvc.problemdetails.enabled=true")
	class ProblemDetails extends SameResponse {

	}

	/**
	 * Boot's error body shows the exception's message, and it is the same:
	 * {@code 404 NOT_FOUND}.
	 */
	@Nested
	@TestPropertySource(
			properties = { "spring.mvc.problemdetails.enabled=false", "spring.web.error.include-message=always" })
	class BootErrorBodyWithMessage extends SameResponse {

		@Test
		void messageIsShownAndNamesTheStatusOnly() {
			assertThat(request(this.client, "/orders/b0000000000!").body()).containsEntry("message", "404 NOT_FOUND");
		}

	}

	/**
	 * What does tell the cases apart, and so must stay off: a stack trace shows the
	 * rejection's cause, and the exception's class shows whether the controller threw
	 * {@code PublicIdNotFoundException} or a plain {@code ResponseStatusException}.
	 */
	@Nested
	@TestPropertySource(properties = { "spring.mvc.problemdetails.enabled=false",
			"spring.web.error.include-stacktrace=always", "spring.web.error.include-exception=true" })
	class BootErrorBodyWithStackTraceAndException extends Client {

		@Test
		void stackTraceAndExceptionClassTellTheCasesApart() {
			String unknownRow = this.publicIds.encode(KNOWN + 1);
			assertThat(request(this.client, "/orders/b0000000000!").body()).extractingByKey("trace")
				.asString()
				.contains("Caused by: " + InvalidPublicIdException.class.getName());
			assertThat(request(this.client, "/orders/" + unknownRow).body()).extractingByKey("trace")
				.asString()
				.doesNotContain("Caused by:");
			assertThat(request(this.client, "/orders/" + unknownRow).body()).containsEntry("exception",
					PublicIdNotFoundException.class.getName());
			assertThat(request(this.client, "/rows/" + unknownRow).body()).containsEntry("exception",
					ResponseStatusException.class.getName());
		}

	}

	/** The running server's client and key ring. */
	abstract static class Client {

		@Autowired
		RestTestClient client;

		@Autowired
		PublicIds publicIds;

	}

	/** A public ID converts; anything else is answered exactly as an unknown row is. */
	abstract static class SameResponse extends Client {

		@Test
		void anythingButAPublicIdIsAnsweredAsAnIdThatNamesNoRow() {
			String known = this.publicIds.encode(KNOWN);
			for (String path : PATHS) {
				Response response = request(this.client, path + known);
				assertThat(response.status()).as(path).isEqualTo(200);
				assertThat(response.body()).as(path).containsEntry("text", "order " + KNOWN);
			}
			Response unknownRow = request(this.client, "/orders/" + this.publicIds.encode(KNOWN + 1));
			assertThat(unknownRow.status()).isEqualTo(404);
			assertThat(request(this.client, "/rows/" + this.publicIds.encode(KNOWN + 1))).isEqualTo(unknownRow);
			for (String notPublic : notPublicIds(known, this.publicIds.encode(KNOWN + 1))) {
				for (String path : PATHS) {
					assertThat(request(this.client, path + notPublic)).as(path + notPublic).isEqualTo(unknownRow);
				}
			}
		}

	}

	/**
	 * The internal ID in decimal and hexadecimal, too short and too long, a character
	 * outside the alphabet, a key identifier that is not in the ring, and a well-formed
	 * public ID that names no row.
	 */
	static List<String> notPublicIds(String known, String unknownRow) {
		return List.of(Long.toString(KNOWN), "0x" + Long.toHexString(KNOWN), "b", "b0000000000!",
				"z" + known.substring(1), known.substring(0, 11), known + "0", "B" + known.substring(1), unknownRow);
	}

	/**
	 * Status, content type and body of the answer; in the body, the timestamp is left out
	 * and the request path (under {@code path} or {@code instance}) reads {@code {path}}.
	 */
	static Response request(RestTestClient client, String path) {
		RestTestClient.RequestHeadersSpec<?> request = path.startsWith(POST)
				? client.post().uri(path.substring(POST.length())).contentType(MediaType.APPLICATION_FORM_URLENCODED)
				: client.get().uri(path);
		ExchangeResult result = request.exchange().returnResult();
		String requestPath = result.getUrl().getRawPath();
		Map<String, Object> body = new LinkedHashMap<>();
		byte[] content = result.getResponseBodyContent();
		if (content.length > 0) {
			MediaType type = result.getResponseHeaders().getContentType();
			Map<String, Object> parsed = (type != null && type.isCompatibleWith(MediaType.TEXT_PLAIN))
					? Map.of("text", new String(content, StandardCharsets.UTF_8))
					: JSON.readValue(content, new TypeReference<Map<String, Object>>() {
					});
			parsed.forEach((name, value) -> body.put(name, requestPath.equals(value) ? "{path}" : value));
		}
		body.remove("timestamp");
		return new Response(result.getStatus().value(), result.getResponseHeaders().getFirst(HttpHeaders.CONTENT_TYPE),
				body);
	}

	record Response(int status, String contentType, Map<String, Object> body) {
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class,
			TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
			WebMvcAutoConfiguration.class, ErrorMvcAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class })
	@Import({ PublicIdWebMvcTests.ParameterController.class, PublicIdWebMvcTests.FormController.class,
			RowController.class })
	static class Application {

	}

	/**
	 * Answers an unknown row with a reasonless {@code ResponseStatusException} instead.
	 */
	@RestController
	static class RowController {

		@GetMapping("/rows/{id}")
		String row(@PathVariable @PublicId long id) {
			throw new ResponseStatusException(HttpStatus.NOT_FOUND);
		}

	}

}
