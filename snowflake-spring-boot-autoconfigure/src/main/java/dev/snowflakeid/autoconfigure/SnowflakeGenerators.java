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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

/**
 * The named generators of {@code snowflake.generators.<name>.*}, each a
 * {@link SnowflakeWorker} of its own: its own region of the default generator's format,
 * its own worker-code lease, kept by the same lease connection and renewal thread as the
 * default generator's. Each generator's {@link SnowflakeIdGenerator} is a bean named
 * after it, so {@code @Qualifier("<name>") IdGenerator} injects it; the default generator
 * stays the primary {@code IdGenerator}.
 *
 * <p>
 * Empty when no named generator is configured. Closing stops every named generator, then
 * releases its code.
 */
public final class SnowflakeGenerators implements AutoCloseable {

	/**
	 * Name of the generator of {@code snowflake.*} itself, as the {@code generator} tag
	 * of its meters; no named generator may take it.
	 */
	public static final String DEFAULT = "default";

	/**
	 * What a generator's name may be: a bean name that is also a property key in
	 * canonical form and a meter tag, lower case letters and digits, in words joined by
	 * single dashes.
	 */
	static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

	private final Map<String, Named> generators;

	SnowflakeGenerators(Map<String, Named> generators) {
		this.generators = Collections.unmodifiableMap(new LinkedHashMap<>(generators));
	}

	/**
	 * The region of each named generator of {@code snowflake.generators.<name>.*}, in
	 * configuration order, checked as at startup: for a test library that makes the named
	 * generators itself, with a fixed clock.
	 * @throws InvalidSnowflakeConfigurationException naming the property to change and a
	 * free region, when a name or region breaks a rule
	 */
	public static Map<String, Integer> regions(SnowflakeProperties properties, SnowflakeLayout layout) {
		return GeneratorRegions.check(properties, layout);
	}

	/** The names of the named generators, in configuration order. */
	public List<String> names() {
		return List.copyOf(this.generators.keySet());
	}

	/**
	 * The worker of a named generator.
	 * @throws IllegalArgumentException naming the generators there are, when none is
	 * named {@code name}
	 */
	public SnowflakeWorker worker(String name) {
		return named(name).worker();
	}

	/**
	 * The generator named {@code name}; the factory of the bean of the same name.
	 * @throws IllegalArgumentException naming the generators there are, when none is
	 * named {@code name}
	 */
	public SnowflakeIdGenerator generator(String name) {
		return named(name).worker().generator();
	}

	/**
	 * The instances whose worker codes the named generator's lease store keeps apart, or
	 * {@code null} when unknown.
	 */
	public @Nullable UniquenessDomain domain(String name) {
		return named(name).domain();
	}

	private Named named(String name) {
		Named named = this.generators.get(name);
		if (named == null) {
			throw new IllegalArgumentException(unknown(name, this.generators.keySet()));
		}
		return named;
	}

	/** The message for a generator name that is not configured. */
	static String unknown(String name, Iterable<String> names) {
		return "no Snowflake ID generator is named '" + name + "' (named generators: "
				+ (names.iterator().hasNext() ? String.join(", ", names) : "none")
				+ "); configure it with snowflake.generators." + name + ".region";
	}

	/**
	 * Stops each named generator, then releases its code and closes its store, the last
	 * configured first.
	 */
	@Override
	public void close() {
		RuntimeException failure = closeAll();
		if (failure != null) {
			throw failure;
		}
	}

	/** Closes every generator after {@code cause} stopped the start of the others. */
	void closeAfter(RuntimeException cause) {
		RuntimeException failure = closeAll();
		if (failure != null) {
			cause.addSuppressed(failure);
		}
	}

	private @Nullable RuntimeException closeAll() {
		List<Named> reversed = new ArrayList<>(this.generators.values());
		Collections.reverse(reversed);
		RuntimeException failure = null;
		for (Named named : reversed) {
			try {
				named.close();
			}
			catch (RuntimeException ex) {
				if (failure == null) {
					failure = ex;
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		return failure;
	}

	/**
	 * One named generator.
	 *
	 * @param worker its worker
	 * @param store its lease store, closed after the worker
	 * @param domain its uniqueness domain, or {@code null} when unknown
	 */
	record Named(SnowflakeWorker worker, WorkerLeaseStore store, @Nullable UniquenessDomain domain) {

		void close() {
			try {
				this.worker.close();
			}
			finally {
				closeStore(this.store);
			}
		}

		/** Closes a store that holds a file or a JVM-wide claim (a static code). */
		static void closeStore(WorkerLeaseStore store) {
			if (store instanceof StaticWorkerLeaseStore closeable) {
				closeable.close();
			}
		}

	}

}
