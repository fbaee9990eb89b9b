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
package dev.snowflakeid.chaos.worker;

import java.nio.file.Path;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.chaos.IdLog;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A worker of the fault campaign: a plain Spring Boot application with the starter,
 * leasing its worker code from Redis (or, with {@code snowflake.worker.allocator=jdbc},
 * from PostgreSQL) with the shipped defaults and issuing IDs continuously into its
 * {@link IdLog}.
 *
 * <p>
 * Started by the orchestrator with {@code --chaos.log}, {@code --chaos.control},
 * {@code --chaos.slot}, {@code --chaos.incarnation} and the lease store, region and
 * layout properties. The lease store opens its own connections
 * ({@code snowflake.worker.jdbc.url}), so Boot's DataSource, which a Redis campaign could
 * not configure, is left out.
 */
@SpringBootApplication(excludeName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
public class ChaosWorkerApplication {

	@Bean(destroyMethod = "close")
	IdLog.Writer idLog(@Value("${chaos.log}") Path file, @Value("${chaos.slot}") String slot,
			@Value("${chaos.incarnation}") int incarnation, @Value("${snowflake.region}") int region) {
		return IdLog.create(file,
				new IdLog.Header(slot, region, incarnation, ProcessHandle.current().pid(), System.nanoTime()));
	}

	@Bean
	LeaseEventRecorder leaseEventRecorder(IdLog.Writer idLog) {
		return new LeaseEventRecorder(idLog);
	}

	@Bean
	IssuingLoop issuingLoop(IdGenerator ids, IdLog.Writer idLog, @Value("${chaos.control}") Path control,
			@Value("${chaos.slot}") String slot, @Value("${chaos.incarnation}") int incarnation) {
		return new IssuingLoop(ids, idLog, control, ((long) slot.hashCode() << 32) ^ incarnation);
	}

	public static void main(String[] args) {
		SpringApplication.run(ChaosWorkerApplication.class, args);
	}

}
