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

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.IdGenerator;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application with the static allocator, for {@link StateFileProcessTests} (or the
 * kubernetes allocator, for {@link KubernetesPodProcessTests}): starts (or fails to
 * start, printing Spring Boot's failure analysis and exiting with status 1), prints
 * {@code READY <pid> <id>}, and runs until its standard input closes. Arguments: state
 * file, worker code (or {@code kubernetes}: the ordinal of the pod name in
 * {@code HOSTNAME}), application name.
 */
public final class StaticWorkerMain {

	private StaticWorkerMain() {
	}

	public static void main(String[] args) throws IOException {
		List<String> settings = new ArrayList<>(
				List.of("--snowflake.worker.state-file=" + args[0], "--spring.application.name=" + args[2]));
		if (args[1].equals("kubernetes")) {
			settings.add("--snowflake.worker.allocator=kubernetes");
		}
		else {
			settings.add("--snowflake.worker.allocator=static");
			settings.add("--snowflake.worker.code=" + args[1]);
		}
		ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
			.web(WebApplicationType.NONE)
			.run(settings.toArray(String[]::new));
		PrintStream out = System.out;
		out.println("READY " + ProcessHandle.current().pid() + " " + context.getBean(IdGenerator.class).nextId());
		out.flush();
		while (System.in.read() >= 0) {
			// hold the state file until the test closes our input
		}
		context.close();
		out.println("STOPPED");
		out.flush();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(SnowflakeAutoConfiguration.class)
	static class Application {

	}

}
