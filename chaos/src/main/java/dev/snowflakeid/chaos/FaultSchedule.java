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
package dev.snowflakeid.chaos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The faults of one campaign, drawn from a seed: the same seed, length and topology give
 * the same schedule. Start times follow a Poisson process; each fault picks a kind by
 * weight, then a target whose lane for that kind is free, so faults overlap across
 * targets and lanes but one lane of one target never carries two at once. Every fault
 * ends before the quiet tail of the campaign.
 */
public final class FaultSchedule {

	/**
	 * Time after every worker issued its first ID before the first fault; availability is
	 * measured after it.
	 */
	public static final long WARM_UP_MILLIS = 5_000;

	/**
	 * Time without new faults at the end, so that every process recovers before the
	 * check.
	 */
	public static final long QUIET_TAIL_MILLIS = 10_000;

	/** Largest clock step, either way. */
	public static final long MAX_STEP_MILLIS = 5_000;

	/**
	 * A slot stays out of the process lane this long after a kill or restart, while its
	 * JVM starts.
	 */
	static final long RESTART_SETTLE_MILLIS = 8_000;

	private static final long SETTLE_MILLIS = 1_000;

	private FaultSchedule() {
	}

	/**
	 * @param seed the seed
	 * @param campaignMillis campaign length
	 * @param meanGapMillis mean time between fault starts
	 * @param kinds the kinds to draw from, in a fixed order ({@link Store#kinds()})
	 * @param workers worker slot names
	 * @param servers names of the lease store's servers
	 */
	public static List<Fault> generate(long seed, long campaignMillis, long meanGapMillis, List<FaultKind> kinds,
			List<String> workers, List<String> servers) {
		Random random = new Random(seed);
		Map<String, Long> busyUntil = new HashMap<>();
		List<Fault> faults = new ArrayList<>();
		long lastEnd = campaignMillis - QUIET_TAIL_MILLIS;
		double totalWeight = 0;
		for (FaultKind kind : kinds) {
			totalWeight += kind.weight();
		}
		long at = WARM_UP_MILLIS;
		while (true) {
			at += Math.round(-Math.log(1 - random.nextDouble()) * meanGapMillis);
			if (at >= lastEnd) {
				return faults;
			}
			FaultKind kind = pick(random, kinds, totalWeight);
			List<String> free = new ArrayList<>();
			for (String target : (kind.target() == FaultKind.Target.WORKER) ? workers : servers) {
				if (busyUntil.getOrDefault(kind.lane() + "/" + target, Long.MIN_VALUE) <= at) {
					free.add(target);
				}
			}
			if (free.isEmpty()) {
				continue;
			}
			String target = free.get(random.nextInt(free.size()));
			long duration = kind.lasts()
					? Math.min(logUniform(random, kind.minMillis(), kind.maxMillis()), lastEnd - at) : 0;
			long step = 0;
			if (kind == FaultKind.CLOCK_STEP) {
				step = logUniform(random, 1, MAX_STEP_MILLIS) * (random.nextBoolean() ? 1 : -1);
			}
			boolean restarts = kind == FaultKind.WORKER_KILL || kind == FaultKind.WORKER_RESTART;
			busyUntil.put(kind.lane() + "/" + target,
					at + duration + (restarts ? RESTART_SETTLE_MILLIS : SETTLE_MILLIS));
			faults.add(new Fault(at, kind, target, duration, step));
		}
	}

	private static FaultKind pick(Random random, List<FaultKind> kinds, double totalWeight) {
		double point = random.nextDouble() * totalWeight;
		for (FaultKind kind : kinds) {
			point -= kind.weight();
			if (point < 0) {
				return kind;
			}
		}
		return kinds.get(kinds.size() - 1);
	}

	private static long logUniform(Random random, long min, long max) {
		double low = Math.log(min);
		double high = Math.log(max);
		return Math.max(min, Math.min(max, Math.round(Math.exp(low + random.nextDouble() * (high - low)))));
	}

}
