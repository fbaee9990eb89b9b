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
package dev.snowflakeid.redis;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.DocPages;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases as an ACL user with exactly the rule docs/redis.md gives (read from the
 * page itself): it claims, issues, renews and releases. The same rule without one
 * permission stops startup with a failure analysis that names the permission.
 */
@RealProcesses
class RedisAclLeaseTests {

	private static final String PASSWORD = "lease-secret";

	private static RedisServer server;

	private static List<String> documentedRule;

	@BeforeAll
	static void start() throws IOException {
		server = RedisServer.start();
		String line = DocPages.section("docs/redis.md", "ACL user")
			.lines()
			.filter((each) -> each.startsWith("ACL SETUSER snowflake-lease "))
			.findFirst()
			.orElseThrow(() -> new AssertionError("docs/redis.md has no ACL rule for the lease user"));
		documentedRule = Arrays.asList(line.replace(">PASSWORD", ">" + PASSWORD).split("\\s+"));
	}

	@AfterAll
	static void stop() {
		if (server != null) {
			server.close();
		}
	}

	@Test
	void theDocumentedRuleGrantsEveryCommandTheLeasesNeed() {
		List<String> granted = documentedRule.stream()
			.filter((part) -> part.startsWith("+"))
			.map((part) -> part.substring(1))
			.toList();
		assertThat(granted).containsAll(RedisLeaseServerCheck.requiredCommands());
	}

	@Test
	void aUserWithTheDocumentedRuleClaimsIssuesRenewsAndReleases() {
		server.call(documentedRule.toArray(String[]::new));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + server.port(),
					"spring.data.redis.username=snowflake-lease", "spring.data.redis.password=" + PASSWORD)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
				assertThat(String.valueOf(server.call("CLIENT", "LIST"))).contains("user=snowflake-lease")
					.contains("name=snowflake-lease");
				long calls = server.scriptCalls();
				Polling.await("two renewals", Duration.ofSeconds(10)).until(() -> server.scriptCalls() >= calls + 2);
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
				assertThat((List<?>) server.call("KEYS", "snowflake:*:lease:*")).hasSize(1);
			});
		assertThat((List<?>) server.call("KEYS", "snowflake:*:lease:*")).as("released").isEmpty();
		assertThat(deniedCommands("snowflake-lease")).as("only the optional CONFIG GET of the startup check")
			.containsOnly("config|get");
	}

	@Test
	void aUserMissingOnePermissionFailsStartupNamingIt() {
		List<String> rule = new ArrayList<>(documentedRule);
		rule.set(2, "snowflake-partial");
		assertThat(rule.remove("+hset")).isTrue();
		server.call(rule.toArray(String[]::new));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + server.port(),
					"spring.data.redis.username=snowflake-partial", "spring.data.redis.password=" + PASSWORD)
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = LeaseApplications.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("'snowflake-partial' lacks the permission +hset");
				assertThat(analysis.getAction()).contains("ACL SETUSER snowflake-partial +hset")
					.contains("spring.data.redis.username");
			});
	}

	/** The commands ACL LOG recorded as denied to {@code user}. */
	@SuppressWarnings("unchecked")
	private static List<String> deniedCommands(String user) {
		List<String> denied = new ArrayList<>();
		for (Object entry : (List<Object>) server.call("ACL", "LOG")) {
			List<Object> fields = (List<Object>) entry;
			int username = fields.indexOf("username");
			if (username >= 0 && user.equals(fields.get(username + 1))) {
				denied.add(String.valueOf(fields.get(fields.indexOf("object") + 1)));
			}
		}
		return denied;
	}

}
