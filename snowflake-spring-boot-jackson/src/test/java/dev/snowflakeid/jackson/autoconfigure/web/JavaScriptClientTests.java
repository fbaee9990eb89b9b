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
package dev.snowflakeid.jackson.autoconfigure.web;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;

import dev.snowflakeid.testsupport.Command;
import dev.snowflakeid.testsupport.CompatibilitySubset;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real JavaScript client: Node.js (on the {@code PATH}) talks to the running
 * application over HTTP and parses its JSON with {@code JSON.parse}.
 */
@RealProcesses
@CompatibilitySubset
@WebTest
class JavaScriptClientTests {

	/** 2^53 + 1: the smallest positive integer a JavaScript number cannot hold. */
	private static final long ABOVE_DOUBLE_PRECISION = (1L << 53) + 1;

	@LocalServerPort
	private int port;

	@Autowired
	private WebOrderController controller;

	@Autowired
	private WebOrderRepository orders;

	@BeforeEach
	void forgetReceivedValues() {
		this.controller.receivedIds.clear();
		this.controller.receivedNumbers.clear();
	}

	@Test
	void idSurvivesTheRoundTripThroughJavaScriptExactly() throws Exception {
		Map<String, Object> seen = node("ids");
		assertThat(seen).containsEntry("createdStatus", 200)
			.containsEntry("idType", "string")
			.containsEntry("echoStatus", 200)
			.containsEntry("customerId", Long.toString(ABOVE_DOUBLE_PRECISION));
		String id = (String) seen.get("id");
		assertThat(seen.get("readId")).isEqualTo(id);
		long persisted = this.orders.findAll()
			.stream()
			.map(WebOrder::getId)
			.filter((candidate) -> candidate == Long.parseLong(id))
			.findFirst()
			.orElseThrow();
		assertThat(persisted).as("IDs lie above 2^53").isGreaterThan(ABOVE_DOUBLE_PRECISION);
		assertThat(this.controller.receivedIds).containsExactly(persisted);
	}

	@Test
	void plainLongWithoutTheAnnotationLosesPrecisionInJavaScript() throws Exception {
		Map<String, Object> seen = node("plainNumber");
		assertThat(seen).containsEntry("valueType", "number")
			.containsEntry("parsed", "9007199254740992")
			.containsEntry("echoStatus", 200);
		assertThat(this.controller.receivedNumbers).containsExactly(ABOVE_DOUBLE_PRECISION - 1);
	}

	@Test
	void badIdReachesTheClientAsA400NamingTheProperty() throws Exception {
		Map<String, Object> seen = node("badId");
		assertThat(seen).containsEntry("status", 400);
		assertThat(seen.get("body")).asString().contains("Invalid Snowflake ID for property 'customerId'");
	}

	// The script prints what it saw as its last line; anything Node writes to standard
	// error comes before it.
	private Map<String, Object> node(String scenario) throws IOException {
		File script = new ClassPathResource("jackson-client.mjs").getFile();
		Command node = Command.run(script.getParentFile().toPath(), Duration.ofSeconds(30),
				"install Node.js (apt-get install nodejs)", "node", script.getAbsolutePath(),
				"http://127.0.0.1:" + this.port, scenario);
		assertThat(node.exitCode()).as(node.output()).isZero();
		String[] lines = node.output().strip().split("\\R");
		return JsonMapper.builder()
			.build()
			.readValue(lines[lines.length - 1], new TypeReference<Map<String, Object>>() {
			});
	}

}
