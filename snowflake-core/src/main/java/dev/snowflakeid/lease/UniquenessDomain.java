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
package dev.snowflakeid.lease;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * The set of instances whose worker codes are coordinated with each other. Within one
 * domain no two instances hold the same code at once, so their IDs never collide;
 * instances of two domains know nothing of each other, so their IDs are unique only if
 * the domains differ in region (or never meet).
 *
 * <p>
 * A Redis domain is the server and database (or the Cluster), the key prefix, the
 * namespace and the region. A static domain is the state file (or none), the worker code
 * and the region: the state file's lock and a JVM-wide registry keep one owner per static
 * domain.
 *
 * <p>
 * An immutable value: equal domains have equal {@link #details()}. {@link #toString()}
 * describes it in one line, for logs and messages.
 */
public final class UniquenessDomain {

	private final String description;

	private final Map<String, @Nullable Object> details;

	private UniquenessDomain(String description, Map<String, @Nullable Object> details) {
		this.description = description;
		this.details = Collections.unmodifiableMap(details);
	}

	/**
	 * A domain on a standalone Redis.
	 * @param address {@code host:port}
	 * @param database database index
	 */
	public static UniquenessDomain redis(String address, int database, String keyPrefix, String namespace, int region) {
		Map<String, @Nullable Object> details = new LinkedHashMap<>();
		details.put("redis", Objects.requireNonNull(address, "address"));
		details.put("database", database);
		return redis(details, "Redis " + address + " database " + database, keyPrefix, namespace, region);
	}

	/**
	 * A domain on a Redis Cluster.
	 * @param nodes the configured nodes, each {@code host:port}
	 */
	public static UniquenessDomain redisCluster(List<String> nodes, String keyPrefix, String namespace, int region) {
		Map<String, @Nullable Object> details = new LinkedHashMap<>();
		details.put("redisCluster", List.copyOf(nodes));
		return redis(details, "Redis Cluster " + String.join(", ", nodes), keyPrefix, namespace, region);
	}

	private static UniquenessDomain redis(Map<String, @Nullable Object> details, String server, String keyPrefix,
			String namespace, int region) {
		details.put("keyPrefix", Objects.requireNonNull(keyPrefix, "keyPrefix"));
		details.put("namespace", Objects.requireNonNull(namespace, "namespace"));
		details.put("region", region);
		return new UniquenessDomain(
				server + ", key prefix '" + keyPrefix + "', namespace '" + namespace + "', region " + region, details);
	}

	/**
	 * A domain in a table of a SQL database.
	 * @param url the JDBC URL, without credentials
	 * @param table the lease table, qualified with its schema where one is configured
	 */
	public static UniquenessDomain jdbc(String url, String table, String namespace, int region) {
		Map<String, @Nullable Object> details = new LinkedHashMap<>();
		details.put("jdbc", Objects.requireNonNull(url, "url"));
		details.put("table", Objects.requireNonNull(table, "table"));
		details.put("namespace", Objects.requireNonNull(namespace, "namespace"));
		details.put("region", region);
		return new UniquenessDomain(
				"database " + url + ", table '" + table + "', namespace '" + namespace + "', region " + region,
				details);
	}

	/**
	 * A static worker code.
	 * @param stateFile the high-water-mark file, or {@code null} for none; made absolute
	 */
	public static UniquenessDomain staticCode(@Nullable Path stateFile, int workerCode, int region) {
		Path file = (stateFile != null) ? stateFile.toAbsolutePath().normalize() : null;
		Map<String, @Nullable Object> details = new LinkedHashMap<>();
		details.put("stateFile", (file != null) ? file.toString() : null);
		details.put("workerCode", workerCode);
		details.put("region", region);
		return new UniquenessDomain("static worker code " + workerCode + ", region " + region + ", "
				+ ((file != null) ? "state file " + file : "no state file"), details);
	}

	/**
	 * What identifies the domain, for JSON: {@code redis} and {@code database} or
	 * {@code redisCluster}, {@code keyPrefix}, {@code namespace} and {@code region};
	 * {@code jdbc}, {@code table}, {@code namespace} and {@code region}; or
	 * {@code stateFile} (absolute path, or {@code null}), {@code workerCode} and
	 * {@code region}.
	 */
	public Map<String, @Nullable Object> details() {
		return this.details;
	}

	@Override
	public boolean equals(Object other) {
		return (other instanceof UniquenessDomain domain) && this.details.equals(domain.details);
	}

	@Override
	public int hashCode() {
		return this.details.hashCode();
	}

	/**
	 * One line, such as
	 * {@code Redis 10.0.0.5:6379 database 0, key prefix 'snowflake', namespace 'default', region 0}.
	 */
	@Override
	public String toString() {
		return this.description;
	}

}
