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
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Difference;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Setting;
import org.jspecify.annotations.Nullable;

/**
 * One static worker code and region in use in this JVM (more exactly, by the classes of
 * this class loader), with its state file and high-water mark, behind every
 * {@link StaticWorkerLeaseStore} opened on it.
 *
 * <p>
 * Exclusive per {@code (code, region)}, whatever the state file: two state files, or one
 * and none, on one code would each let a generator of its own issue the same IDs. Stores
 * opened with {@link StaticWorkerLeaseStore.Builder#share()} and the same settings are
 * handles on one instance, closed with the last handle; it serves one grant at a time, so
 * the handles still feed one generator only.
 *
 * <p>
 * When the last handle closes, the code's in-JVM mark keeps the last millisecond the
 * released grants used (or, if a grant was never released, its ceiling or the time of
 * closing), and the next instance of the code starts above it, with or without a state
 * file. The mark is kept while the JVM runs. Its state file's mark is a ceiling, written
 * ahead of use; when the file still holds exactly the ceiling this JVM last wrote to it,
 * no other process used the code since (every use writes a higher ceiling first), and the
 * successor starts right above the last used millisecond instead of waiting out the
 * ceiling.
 */
final class StaticCode {

	private static final String TOKEN = "static";

	// Guards the registry, the marks and every instance's handle count.
	private static final Object registry = new Object();

	private static final Map<Key, StaticCode> open = new HashMap<>();

	private static final Map<Key, Mark> marks = new HashMap<>();

	private final Key key;

	private final UniquenessDomain domain;

	private final boolean shareable;

	private final Map<Setting, String> settings;

	private final long ceilingLeadMillis;

	private final InstantSource clock;

	// Who holds a handle, first owner first; guarded by registry.
	private final Map<Object, String> holders = new LinkedHashMap<>();

	private final Object monitor = new Object();

	// Guarded by monitor; null without a state file.
	private final @Nullable StateFile stateFile;

	// Guarded by monitor. Every tick the code issues must start after this millisecond.
	private final long floor;

	// Guarded by monitor.
	private long highWaterMark = Long.MIN_VALUE;

	// Guarded by monitor: the token of the grant not yet released, or null.
	private @Nullable String granted;

	// Guarded by monitor.
	private long grants;

	// Guarded by monitor.
	private long lastUsedMillis = Long.MIN_VALUE;

	private StaticCode(Key key, UniquenessDomain domain, boolean shareable, Map<Setting, String> settings,
			long ceilingLeadMillis, InstantSource clock, @Nullable StateFile stateFile, long floor) {
		this.key = key;
		this.domain = domain;
		this.shareable = shareable;
		this.settings = settings;
		this.ceilingLeadMillis = ceilingLeadMillis;
		this.clock = clock;
		this.stateFile = stateFile;
		this.floor = floor;
	}

	/**
	 * The code's instance for {@code handle}: joined when {@code share} and an instance
	 * opened for sharing has the same settings, else opened.
	 * @throws WorkerCodeInUseException if the code and region are in use in this JVM and
	 * cannot be shared
	 * @throws StateFileException if the state file cannot be opened
	 */
	static StaticCode open(Object handle, int workerCode, int region, @Nullable Path stateFile, boolean mustExist,
			Duration ceilingLead, InstantSource clock, String owner, boolean share) {
		Key key = new Key(workerCode, region);
		Map<Setting, String> settings = new EnumMap<>(Setting.class);
		settings.put(Setting.STATE_FILE,
				(stateFile != null) ? stateFile.toAbsolutePath().normalize().toString() : "none");
		settings.put(Setting.STATE_FILE_MUST_EXIST, Boolean.toString(mustExist));
		settings.put(Setting.CEILING_LEAD, ceilingLead.toString());
		String holder = owner + ", since " + Instant.now();
		synchronized (registry) {
			StaticCode existing = open.get(key);
			if (existing != null) {
				List<Difference> differences = differences(existing.settings, settings);
				if (!share || !existing.shareable || !differences.isEmpty()) {
					throw new WorkerCodeInUseException(existing.domain, existing.holder(), differences);
				}
				existing.holders.put(handle, holder);
				return existing;
			}
			StateFile file = (stateFile != null) ? StateFile.open(stateFile, workerCode, mustExist, owner) : null;
			Mark previous = marks.get(key);
			long inJvm = (previous != null) ? previous.lastUsedMillis() : Long.MIN_VALUE;
			long floor = inJvm;
			if (file != null) {
				boolean untouched = previous != null && file.path().toString().equals(previous.stateFile())
						&& file.mark() == previous.ceiling();
				floor = untouched ? inJvm : Math.max(file.mark(), inJvm);
			}
			StaticCode opened = new StaticCode(key, UniquenessDomain.staticCode(stateFile, workerCode, region), share,
					settings, ceilingLead.toMillis(), clock, file, floor);
			opened.holders.put(handle, holder);
			open.put(key, opened);
			return opened;
		}
	}

	/**
	 * The settings in which {@code requested} differs from {@code held}, in the order of
	 * {@link Setting}.
	 */
	static List<Difference> differences(Map<Setting, String> held, Map<Setting, String> requested) {
		List<Difference> differences = new ArrayList<>();
		for (Map.Entry<Setting, String> entry : requested.entrySet()) {
			String was = held.get(entry.getKey());
			if (was != null && !was.equals(entry.getValue())) {
				differences.add(new Difference(entry.getKey(), was, entry.getValue()));
			}
		}
		return differences;
	}

	/**
	 * Forgets every in-JVM mark; for tests whose fake clocks would otherwise meet another
	 * test's mark.
	 */
	static void forgetMarks() {
		synchronized (registry) {
			marks.clear();
		}
	}

	UniquenessDomain domain() {
		return this.domain;
	}

	/**
	 * Describes the state file if it did not exist when opened (a start without a mark),
	 * or {@code null}.
	 */
	@Nullable StateFileException startedWithoutMark() {
		return (this.stateFile != null) ? this.stateFile.missing() : null;
	}

	@Nullable Path stateFilePath() {
		return (this.stateFile != null) ? this.stateFile.path() : null;
	}

	/** Who opened the code first, of those still holding it. */
	String holder() {
		synchronized (registry) {
			return this.holders.values().iterator().next();
		}
	}

	LeaseGrant claim(int workerCode) {
		long now = this.clock.millis();
		synchronized (this.monitor) {
			if (this.granted != null) {
				throw new WorkerCodeInUseException(this.domain, holder() + ", whose generator uses it", List.of());
			}
			String token = TOKEN + "-" + (++this.grants);
			// A claim after a release starts above what the released grants used.
			long floor = Math.max(this.floor, this.lastUsedMillis);
			LeaseGrant grant;
			StateFile file = this.stateFile;
			if (file == null) {
				grant = new LeaseGrant(workerCode, 0, token, floor, Long.MAX_VALUE, now, null);
			}
			else {
				this.highWaterMark = Math.max(this.highWaterMark, file.mark());
				// The first ceiling lies a lead above the floor even when the clock is
				// still behind it.
				long ceiling = raise(file, Math.max(floor, now));
				grant = new LeaseGrant(workerCode, 0, token, floor, ceiling, now, null);
			}
			this.granted = token;
			return grant;
		}
	}

	LeaseRenewal renew(LeaseGrant grant) {
		long now = this.clock.millis();
		StateFile file = this.stateFile;
		if (file == null) {
			return LeaseRenewal.renewed(grant.floorMillis(), Long.MAX_VALUE, now);
		}
		synchronized (this.monitor) {
			// Only this JVM uses the file (it holds the file's lock), and only one grant
			// at a time, so the
			// renewed range continues the claimed one.
			return LeaseRenewal.renewed(grant.floorMillis(), raise(file, now), now);
		}
	}

	void release(LeaseGrant grant, long lastUsedMillis) {
		synchronized (this.monitor) {
			this.lastUsedMillis = Math.max(this.lastUsedMillis, lastUsedMillis);
			if (grant.token().equals(this.granted)) {
				this.granted = null;
			}
		}
	}

	// Guarded by monitor; file is this code's state file.
	private long raise(StateFile file, long from) {
		long ceiling = Math.max(this.highWaterMark, from + this.ceilingLeadMillis);
		if (ceiling > this.highWaterMark) {
			file.write(ceiling);
			this.highWaterMark = ceiling;
		}
		return ceiling;
	}

	/**
	 * Drops {@code handle}; the last one closes the state file and keeps the code's mark.
	 * Idempotent.
	 */
	void close(Object handle) {
		synchronized (registry) {
			if (this.holders.remove(handle) == null || !this.holders.isEmpty()) {
				return;
			}
			synchronized (this.monitor) {
				long used = this.lastUsedMillis;
				if (this.granted != null) {
					// Never released: its generator may have used every millisecond up to
					// the ceiling, or up to now.
					used = Math.max(used, (this.stateFile != null) ? this.highWaterMark : this.clock.millis());
				}
				Mark previous = marks.get(this.key);
				if (previous != null) {
					used = Math.max(used, previous.lastUsedMillis());
				}
				marks.put(this.key, new Mark(used, (this.stateFile != null) ? this.stateFile.path().toString() : null,
						this.highWaterMark));
				if (this.stateFile != null) {
					this.stateFile.close();
				}
			}
			open.remove(this.key, this);
		}
	}

	private record Key(int workerCode, int region) {
	}

	/**
	 * What this JVM knows of a code it no longer uses.
	 *
	 * @param lastUsedMillis the last millisecond any of its IDs covers
	 * @param stateFile the state file it used last, absolute, or {@code null}
	 * @param ceiling the last ceiling written to that file
	 */
	private record Mark(long lastUsedMillis, @Nullable String stateFile, long ceiling) {
	}

}
