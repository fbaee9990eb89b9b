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
package dev.snowflakeid.actuate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.snowflakeid.actuate.SnowflakeEndpoint.SnowflakeDescriptor;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.UniquenessDomain;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code snowflakeGenerators} endpoint: what the {@code snowflake} endpoint shows of
 * the default generator, for each named generator ({@code snowflake.generators.*}), by
 * name; {@code /actuator/snowflakeGenerators/<name>} shows one. IDs of every generator
 * are decoded by the {@code snowflake} endpoint: they share its layout.
 */
@Endpoint(id = "snowflakeGenerators")
public final class SnowflakeGeneratorsEndpoint {

	private final Generators generators;

	private final @Nullable NamedLeaseEventCounters leaseEvents;

	/**
	 * @param generators the named generators
	 * @param leaseEvents their lease renewal and loss counts, or {@code null} to leave
	 * them out
	 */
	public SnowflakeGeneratorsEndpoint(Generators generators, @Nullable NamedLeaseEventCounters leaseEvents) {
		this.generators = Objects.requireNonNull(generators, "generators");
		this.leaseEvents = leaseEvents;
	}

	@ReadOperation
	public GeneratorsDescriptor generators() {
		Map<String, SnowflakeDescriptor> described = new LinkedHashMap<>();
		for (String name : this.generators.names()) {
			described.put(name, describe(name));
		}
		return new GeneratorsDescriptor(described);
	}

	/** One named generator, or {@code null} (answered with 404) for an unknown name. */
	@ReadOperation
	public @Nullable SnowflakeDescriptor generator(@Selector String name) {
		return this.generators.names().contains(name) ? describe(name) : null;
	}

	private SnowflakeDescriptor describe(String name) {
		NamedLeaseEventCounters leaseEvents = this.leaseEvents;
		return new SnowflakeEndpoint(this.generators.worker(name),
				(leaseEvents != null) ? leaseEvents.counters(name) : null, null, this.generators.domain(name))
			.snowflake();
	}

	/**
	 * The named generators as the endpoint reads them: the application's, without the
	 * default one.
	 */
	public interface Generators {

		/** Their names, in the order they were declared. */
		List<String> names();

		/** The worker of the generator {@code name}, one of {@link #names()}. */
		SnowflakeWorker worker(String name);

		/** Its uniqueness domain, or {@code null} while it has none. */
		@Nullable UniquenessDomain domain(String name);

	}

	/**
	 * What the read operation returns.
	 *
	 * @param generators each named generator, as the {@code snowflake} endpoint shows the
	 * default one
	 */
	public record GeneratorsDescriptor(Map<String, SnowflakeDescriptor> generators) implements OperationResponseBody {
	}

}
