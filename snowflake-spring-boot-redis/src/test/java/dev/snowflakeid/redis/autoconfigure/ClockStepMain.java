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
package dev.snowflakeid.autoconfigure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.snowflakeid.SnowflakeIdGenerator.GeneratorStatistics;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application in a JVM of its own, for tests that step its wall clock (a
 * {@code dev.snowflakeid.testsupport.ShiftedWallClock}): its arguments are Spring Boot
 * properties. It starts (or fails to start, printing Spring Boot's failure analysis, with
 * exit status 1) and prints {@code READY}; then, for the n-th line it reads, asks for one
 * ID and prints
 * {@code ISSUED n <id> <wall-clock millis> <forward jumps> <largest forward jump millis>}
 * or {@code REFUSED n <reason> <wall-clock millis>}, until its input closes.
 */
public final class ClockStepMain {

	private ClockStepMain() {
	}

	public static void main(String[] args) throws IOException {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
			.web(WebApplicationType.NONE)
			.run(args);
		SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
		GeneratorStatistics statistics = ids.statistics();
		PrintStream out = System.out;
		out.println("READY");
		out.flush();
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		for (int n = 1; in.readLine() != null; n++) {
			try {
				long id = ids.nextId();
				out.println("ISSUED " + n + " " + id + " " + System.currentTimeMillis() + " "
						+ statistics.forwardJumps() + " " + statistics.largestForwardJumpMillis());
			}
			catch (IdGenerationException ex) {
				out.println("REFUSED " + n + " " + ex.reason() + " " + System.currentTimeMillis());
			}
			out.flush();
		}
		context.close();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ SslAutoConfiguration.class, DataRedisAutoConfiguration.class,
			SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class })
	static class Application {

	}

}
