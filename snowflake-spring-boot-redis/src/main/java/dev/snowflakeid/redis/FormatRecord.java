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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.SideBySideFormats;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The key space's format record ({@link RegionKeys#format()}): one ID format for every
 * namespace and region under a key prefix in one database (or Cluster), and one namespace
 * per region. IDs carry neither the namespace nor the key prefix, so two formats, or two
 * namespaces in one region, can issue equal IDs whatever their leases say.
 *
 * <p>
 * Checked with {@code format.lua} before the store's first claim, and again whenever
 * {@code lease.lua} finds the record missing. A missing record is made only after a
 * {@code SCAN} of the key space (every primary of a Cluster) found no region state of
 * another format (other than one running side by side with this one, whose region keeps
 * it) or another fleet lead limit: it fails closed, never recreating a record beside
 * states that disagree with it. On one server {@code lease.lua} compares the record in
 * every grant; on a Cluster the record lies in another slot than a region's keys, so this
 * check at startup is where formats meet, and {@code HSETNX} in one script lets only one
 * of two first starts record its format.
 */
final class FormatRecord {

	private static final long SCAN_COUNT = 1_000;

	private final StringRedisTemplate redis;

	private final LeaseSettings settings;

	private volatile boolean confirmed;

	FormatRecord(StringRedisTemplate redis, LeaseSettings settings) {
		this.redis = redis;
		this.settings = settings;
	}

	/**
	 * Records or compares the format, once until {@link #forget()}.
	 * @throws StoreMismatchException if the key space records another format, the region
	 * belongs to another namespace, or the record is missing beside region states of
	 * another format
	 * @throws RuntimeException as the template throws it when Redis cannot be reached
	 */
	void confirm() {
		if (this.confirmed) {
			return;
		}
		List<String> args = new ArrayList<>(List.of(this.settings.layoutDescription(),
				Integer.toString(this.settings.region()), this.settings.namespace(), this.settings.leadLimitMillis()));
		String foreign = null;
		String create = "0";
		List<String> pairs = new ArrayList<>();
		if (!Boolean.TRUE.equals(this.redis.hasKey(this.settings.keys().format()))) {
			for (String key : stateKeys()) {
				List<Object> state = this.redis.opsForHash().multiGet(key, List.of("layout", "limit"));
				String tag = tag(key);
				Object layout = state.get(0);
				Object limit = state.get(1);
				if (layout == null || tag == null) {
					continue;
				}
				boolean mine = layout.equals(this.settings.layoutDescription());
				if (!mine
						&& !SideBySideFormats.mayShareKeySpace(layout.toString(), this.settings.layoutDescription())) {
					foreign = key + " records format '" + layout + "'";
					break;
				}
				if (limit != null && !limit.equals(this.settings.leadLimitMillis())) {
					foreign = key + " records a fleet lead limit of " + limit + " ms";
					break;
				}
				// A state of a side-by-side format was made under the setting that allows
				// it: its region keeps it.
				pairs.add(regionOf(tag));
				pairs.add(namespaceOf(tag));
				pairs.add(mine ? "" : layout.toString());
			}
			create = (foreign == null) ? "1" : "0";
		}
		args.add(create);
		args.add(this.settings.coexistence().argument());
		args.addAll(pairs);
		@SuppressWarnings("unchecked")
		List<Object> reply = this.redis.execute(LeaseScripts.FORMAT, List.of(this.settings.keys().format()),
				args.toArray());
		long status = (reply != null && !reply.isEmpty() && reply.get(0) instanceof Long code) ? code : 0;
		if (status == -7 && foreign == null) {
			throw new LeaseStoreUnavailableException(
					"the format record " + this.settings.keys().format() + " vanished while it was checked", null);
		}
		if (status == -7) {
			throw new StoreMismatchException("the key space " + this.settings.keyPrefix() + " has no format record "
					+ this.settings.keys().format() + ", and " + foreign + ", not this instance's ('"
					+ this.settings.layoutDescription() + "', " + this.settings.leadLimitMillis()
					+ " ms); the record is not made again beside it");
		}
		if (status == -8) {
			throw mismatch(this.settings, String.valueOf(reply.get(1)), String.valueOf(reply.get(2)),
					String.valueOf(reply.get(3)));
		}
		if (status == 0) {
			return;
		}
		if (status != 1) {
			throw new IllegalStateException("not a format.lua reply: " + reply);
		}
		this.confirmed = true;
	}

	/**
	 * Makes the next {@link #confirm()} ask Redis again: {@code lease.lua} found the
	 * record missing.
	 */
	void forget() {
		this.confirmed = false;
	}

	/**
	 * Compares the record again for a grant from a Cluster's region state made after a
	 * loss, and ends the state's pending mark ({@code settle.lua}) once the record gives
	 * the region to this namespace and format.
	 * @throws StoreMismatchException if it does not; the mark stays, and every grant of
	 * the region asks again
	 */
	void confirmAfterLoss() {
		forget();
		confirm();
		if (!this.confirmed) {
			throw new LeaseStoreUnavailableException("the format record " + this.settings.keys().format()
					+ " could not be compared after a loss of region " + this.settings.region() + ": its server is no "
					+ "primary", null);
		}
		this.redis.execute(LeaseScripts.SETTLE, List.of(this.settings.keys().guard(), this.settings.keys().state()));
	}

	/**
	 * The refusal of a format record that names another format or fleet lead limit, or
	 * another namespace for the region.
	 */
	static StoreMismatchException mismatch(LeaseSettings settings, String format, String namespace, String limit) {
		if (format.equals(settings.layoutDescription()) && !limit.equals(settings.leadLimitMillis())) {
			return new StoreMismatchException("the key space " + settings.keyPrefix() + " (" + settings.keys().format()
					+ ") records a fleet lead limit of " + limit + " ms, but this instance's "
					+ "snowflake.worker.lease.fleet-lead-limit is " + settings.leadLimitMillis()
					+ " ms. The quarantine "
					+ "after a data loss covers every instance's ceilings only if they share the limit");
		}
		if (!format.equals(settings.layoutDescription())) {
			String where = namespace.isEmpty()
					? "the key space " + settings.keyPrefix() + " (" + settings.keys().format() + ") issues"
					: "region " + settings.region() + " of the key space " + settings.keyPrefix() + " ("
							+ settings.keys().format() + ") issues";
			return new StoreMismatchException(where + " IDs of format '" + format + "', but this instance's "
					+ "snowflake.layout.*, snowflake.epoch and snowflake.layout.tick give '"
					+ settings.layoutDescription() + "'. IDs of two formats can be equal, so "
					+ sideBySide(settings, format, !namespace.isEmpty()));
		}
		return new StoreMismatchException("region " + settings.region() + " of the key space " + settings.keyPrefix()
				+ " belongs to namespace '" + namespace + "', but this instance uses namespace '" + settings.namespace()
				+ "'. IDs carry the region, not the namespace: two namespaces in one region issue the same IDs");
	}

	/** Why two formats may not meet here, and the one way they may. */
	private static String sideBySide(LeaseSettings settings, String recorded, boolean regionUsed) {
		String rule = "another format runs only in a region of its own, and only with "
				+ "snowflake.worker.redis.format-coexistence=side-by-side where timestamp bits, region bits, tick and "
				+ "epoch are equal (the timestamp and the region then lie in the same bits of every ID)";
		if (regionUsed) {
			return "a region keeps the format it was first used with; " + rule;
		}
		if (!SideBySideFormats.mayShareKeySpace(recorded, settings.layoutDescription())) {
			return rule + ": here they differ ('" + SideBySideFormats.sharedPart(recorded) + "' against '"
					+ SideBySideFormats.sharedPart(settings.layoutDescription())
					+ "'), so these IDs could meet whatever the region";
		}
		return (settings.coexistence() == FormatCoexistence.SIDE_BY_SIDE) ? rule
				: rule + ", which this instance could use in a region no instance has used yet";
	}

	private List<String> stateKeys() {
		ScanOptions options = ScanOptions.scanOptions()
			.match(RegionKeys.statePattern(this.settings.keyPrefix()))
			.count(SCAN_COUNT)
			.build();
		List<String> keys = this.redis.execute((RedisCallback<List<String>>) (connection) -> {
			List<String> found = new ArrayList<>();
			if (connection instanceof RedisClusterConnection cluster) {
				for (RedisClusterNode node : cluster.clusterGetNodes()) {
					if (node.isMaster()) {
						collect(cluster.scan(node, options), found);
					}
				}
			}
			else {
				collect(connection.keyCommands().scan(options), found);
			}
			return found;
		});
		return (keys != null) ? keys : List.of();
	}

	private static void collect(Cursor<byte[]> cursor, List<String> found) {
		try (cursor) {
			cursor.forEachRemaining((key) -> found.add(new String(key, StandardCharsets.UTF_8)));
		}
	}

	// tag is namespace:R, the namespace possibly holding ':'
	private static String regionOf(String tag) {
		return tag.substring(tag.lastIndexOf(':') + 1);
	}

	private static String namespaceOf(String tag) {
		return tag.substring(0, tag.lastIndexOf(':'));
	}

	// prefix:{namespace:R}:state gives namespace:R; null for a key of another shape
	private @Nullable String tag(String key) {
		int open = this.settings.keyPrefix().length() + 1;
		int close = key.indexOf('}', open);
		if (close < 0 || key.charAt(open) != '{') {
			return null;
		}
		String tag = key.substring(open + 1, close);
		return (tag.lastIndexOf(':') > 0) ? tag : null;
	}

}
