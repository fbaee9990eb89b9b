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
package dev.snowflakeid.jdbc.lease;

import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseAutoConfiguration;
import dev.snowflakeid.lease.WorkerLeaseKeeper;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application with {@code snowflake.worker.allocator=jdbc} in a JVM of its own, for a
 * test to kill: started with the properties it is given as arguments, it prints
 * {@code HOLDS <code>} once it has claimed a code, then issues an ID about every half
 * millisecond until killed, appending each to the file {@code holder.ids} names (eight
 * bytes, one write each, so that every ID handed out is in the file whenever the process
 * dies).
 */
public final class LeaseHolderMain {

	private LeaseHolderMain() {
	}

	public static void main(String[] args) throws IOException {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
			.web(WebApplicationType.NONE)
			.run(args);
		IdGenerator generator = context.getBean(IdGenerator.class);
		System.out.println("HOLDS " + context.getBean(WorkerLeaseKeeper.class).currentLease().workerCode());
		System.out.flush();
		String file = context.getEnvironment().getRequiredProperty("holder.ids");
		try (DataOutputStream ids = new DataOutputStream(new FileOutputStream(file))) {
			while (true) {
				try {
					ids.writeLong(generator.nextId());
				}
				catch (IdGenerationException ex) {
					// refused at the ceiling: asked again, as a client retries
				}
				LockSupport.parkNanos(500_000);
			}
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class })
	static class Application {

	}

}
