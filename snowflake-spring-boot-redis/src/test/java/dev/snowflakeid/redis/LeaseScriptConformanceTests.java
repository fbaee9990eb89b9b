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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.lease.sim.Mutation;
import dev.snowflakeid.lease.sim.RedisNode;
import dev.snowflakeid.lease.sim.RedisNode.Reply;
import dev.snowflakeid.lease.sim.RedisNode.Settings;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The simulation's model of the scripts ({@link RedisNode}) answers what the real scripts
 * answer: seeded random operation sequences (claims with a random preferred code and scan
 * start, renewals with a held, stale or foreign token, releases, deleted lease keys and
 * state hashes, FLUSHALL, SCRIPT FLUSH, restarts without data, callers whose clock is
 * off, workers with other fleet settings or a replica requirement, and claims in a
 * neighbour region of the key space, whose keys the model keeps apart) run against a real
 * {@code redis-server} through the store's own argument list and against the model, which
 * is given the real reply's Redis {@code TIME} as its "now". Every reply field is
 * compared. Four worker codes, so that codes collide. A failure names the seed and the
 * step.
 */
@RealProcesses
class LeaseScriptConformanceTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(18)
		.build();

	/**
	 * Another ID format for the same key space: refused wherever the key space has
	 * recorded the first.
	 */
	private static final SnowflakeLayout OTHER_FORMAT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(3)
		.workerBits(2)
		.sequenceBits(17)
		.build();

	private static final int SEQUENCES = 20;

	private static final int OPERATIONS = 200;

	/**
	 * Long enough that no lease key expires during a sequence: expiry is exercised by
	 * deleting keys.
	 */
	private static final Duration TTL = Duration.ofHours(1);

	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250),
			Duration.ofSeconds(1), Duration.ZERO);

	/**
	 * One fleet lead limit for every store: the key space records it, and other timings
	 * share it.
	 */
	private static final Duration LEAD_LIMIT = Duration.ofSeconds(6);

	private static final String RELEASE = script("release.lua");

	private RedisServer server;

	private LettuceConnectionFactory connections;

	private StringRedisTemplate template;

	@BeforeEach
	void startRedis() {
		this.server = RedisServer.start();
		this.connections = RedisLeaseConnections.standalone(loopback(this.server.port()), Duration.ofSeconds(2));
		this.connections.afterPropertiesSet();
		this.template = new StringRedisTemplate(this.connections);
	}

	@AfterEach
	void stopRedis() {
		if (this.connections != null) {
			this.connections.destroy();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void modelAnswersWhatTheScriptsAnswer() {
		RedisWorkerLeaseStore store = store(TIMING, 0);
		// same layout and region, other outage tolerance: refused as another fleet's
		// settings
		RedisWorkerLeaseStore otherFleet = store(
				new LeaseTiming(Duration.ofSeconds(4), Duration.ofMillis(250), Duration.ofSeconds(1), Duration.ZERO),
				0);
		// requires a replica this standalone server does not have
		RedisWorkerLeaseStore needsReplica = store(new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250),
				Duration.ofSeconds(1), LeaseTiming.replicaFailoverWindow(1, Duration.ofSeconds(1))), 1);
		RedisWorkerLeaseStore otherFormat = RedisWorkerLeaseStore.builder(this.template, OTHER_FORMAT)
			.namespace("conformance")
			.region(1)
			.ttl(TTL)
			.timing(TIMING.withLeadLimit(LEAD_LIMIT))
			.build();
		// another region of the key space: keys of its own, the key space's format record
		// and loss of every key shared
		RedisWorkerLeaseStore neighbour = RedisWorkerLeaseStore.builder(this.template, LAYOUT)
			.namespace("conformance")
			.region(2)
			.ttl(TTL)
			.timing(TIMING.withLeadLimit(LEAD_LIMIT))
			.build();
		Map<String, Integer> counts = new HashMap<>();
		for (int sequence = 0; sequence < SEQUENCES; sequence++) {
			long seed = 0x5eed0000L + sequence;
			new Sequence(seed, List.of(store, otherFleet, needsReplica, otherFormat, neighbour), counts).run();
		}
		System.out.println("lease-protocol figure: conformance, " + SEQUENCES + " sequences x " + OPERATIONS
				+ " operations, replies by kind " + new TreeMap<>(counts));
		assertThat(counts).containsKeys("grant", "none-free", "expired", "fenced", "mismatch", "skew", "unsafe",
				"no-format", "other-format", "format=1", "format=-7", "format=-8", "release=1", "release=0", "restart",
				"flushall", "del-state", "del-lease", "del-witness", "state-from-backup");
	}

	private RedisWorkerLeaseStore store(LeaseTiming timing, int replicas) {
		return RedisWorkerLeaseStore.builder(this.template, LAYOUT)
			.namespace("conformance")
			.region(1)
			.ttl(TTL)
			.timing(timing.withLeadLimit(LEAD_LIMIT))
			.replicas(replicas)
			.build();
	}

	private static Settings settings(RedisWorkerLeaseStore store, int replicas) {
		return new Settings(store.settings().timing().maxClockSkew().toMillis(),
				RedisLeaseDefaults.COMMAND_TIMEOUT.toMillis(), replicas, RedisLeaseDefaults.MAX_REPLICA_LAG.toSeconds(),
				store.settings().layout().toString(), Integer.toString(store.region()),
				store.settings().timing().quarantine().toMillis(), store.settings().timing().ceilingLead().toMillis(),
				store.settings().ttl().toMillis(), store.settings().layout().maxWorkers(), 0, store.namespace(), true,
				store.settings().timing().leadLimit().toMillis(), false);
	}

	/**
	 * One seeded sequence of operations, applied to the real server and to a fresh model.
	 */
	private final class Sequence {

		private final long seed;

		private final Random random;

		private final RedisWorkerLeaseStore store;

		private final RedisWorkerLeaseStore otherFleet;

		private final RedisWorkerLeaseStore needsReplica;

		private final RedisWorkerLeaseStore otherFormat;

		private final RedisWorkerLeaseStore neighbour;

		/**
		 * The state hash as {@code COPY state backup REPLACE} last saved it, or
		 * {@code null}.
		 */
		private Map<String, String> backup;

		private final Map<String, Integer> counts;

		private final RedisNode model = new RedisNode("conformance", System::currentTimeMillis,
				EnumSet.noneOf(Mutation.class));

		/** Every token granted in this sequence, per code, oldest first. */
		private final Map<Integer, List<String>> tokens = new HashMap<>();

		private final int codes = LAYOUT.maxWorkers();

		private int step;

		private String operation = "";

		Sequence(long seed, List<RedisWorkerLeaseStore> stores, Map<String, Integer> counts) {
			this.seed = seed;
			this.random = new Random(seed);
			this.store = stores.get(0);
			this.otherFleet = stores.get(1);
			this.needsReplica = stores.get(2);
			this.otherFormat = stores.get(3);
			this.neighbour = stores.get(4);
			this.counts = counts;
		}

		void run() {
			LeaseScriptConformanceTests.this.server.call("FLUSHALL");
			format(this.store);
			for (this.step = 0; this.step < OPERATIONS; this.step++) {
				int dice = this.random.nextInt(113);
				if (dice >= 111) {
					claim(this.neighbour, 0);
				}
				else if (dice >= 100) {
					edge(dice - 100);
				}
				else if (dice < 35) {
					claim(this.store, 0);
				}
				else if (dice < 65) {
					renew();
				}
				else if (dice < 73) {
					release();
				}
				else if (dice < 78) {
					available();
				}
				else if (dice < 84) {
					int code = this.random.nextInt(this.codes);
					this.operation = "DEL lease key of code " + code;
					LeaseScriptConformanceTests.this.server.call("DEL", this.store.settings().keys().lease(code));
					this.model.dropLease(code);
					count("del-lease");
				}
				else if (dice < 86) {
					this.operation = "DEL state hash";
					LeaseScriptConformanceTests.this.server.call("DEL", this.store.settings().keys().state());
					this.model.evictState();
					count("del-state");
				}
				else if (dice < 88) {
					this.operation = "FLUSHALL";
					LeaseScriptConformanceTests.this.server.call("FLUSHALL");
					this.model.flushAll();
					this.backup = null;
					formatMostly();
					count("flushall");
				}
				else if (dice < 90) {
					this.operation = "SCRIPT FLUSH";
					LeaseScriptConformanceTests.this.server.call("SCRIPT", "FLUSH");
					count("script-flush");
				}
				else if (dice < 92) {
					this.operation = "restart without data";
					restart();
					count("restart");
					formatMostly();
				}
				else if (dice < 96) {
					claim(this.otherFleet, 0);
				}
				else {
					claim(this.needsReplica, 1);
				}
			}
		}

		// The key space's edges: its format record, other formats, the witness, a state
		// put back from a copy.
		private void edge(int dice) {
			if (dice < 4) {
				format((dice < 3) ? this.store : this.otherFormat);
			}
			else if (dice < 6) {
				claim(this.otherFormat, 0);
			}
			else if (dice < 7) {
				this.operation = "DEL witness";
				LeaseScriptConformanceTests.this.server.call("DEL", this.store.settings().keys().witness());
				this.model.dropWitness();
				count("del-witness");
			}
			else if (dice < 8) {
				this.operation = "COPY state to backup";
				LeaseScriptConformanceTests.this.server.call("COPY", this.store.settings().keys().state(), backupKey(),
						"REPLACE");
				this.backup = this.model.stateCopy();
				count("backup");
			}
			else if (dice == 10) {
				this.operation = "DEL format record";
				LeaseScriptConformanceTests.this.server.call("DEL", this.store.settings().keys().format());
				this.model.dropFormat();
				count("del-format");
			}
			else if (this.backup != null) {
				this.operation = "RENAME backup onto state";
				LeaseScriptConformanceTests.this.server.call("RENAME", backupKey(),
						this.store.settings().keys().state());
				this.model.replaceState(this.backup);
				this.backup = null;
				count("state-from-backup");
			}
		}

		// After a loss of every key, most sequences record the format again before the
		// next lease request.
		private void formatMostly() {
			if (this.random.nextInt(5) > 0) {
				format(this.store);
			}
		}

		private String backupKey() {
			return this.store.settings().keys().state() + "-backup";
		}

		private void format(RedisWorkerLeaseStore target) {
			this.operation = "format check of " + target.settings().layout();
			String recorded = this.model.recordedLayout();
			long expected = this.model.format(target.settings().layout().toString(), Integer.toString(target.region()),
					target.namespace(), target.settings().timing().leadLimit().toMillis(),
					recorded == null || recorded.equals(target.settings().layout().toString()),
					(recorded != null) ? List.of(Integer.toString(target.region()), "conformance", "") : List.of(),
					false);
			long real;
			try {
				target.confirmFormat();
				real = 1;
			}
			catch (StoreMismatchException ex) {
				real = ex.getMessage().contains("has no format record") ? -7 : -8;
			}
			assertThat(real).as(where()).isEqualTo(expected);
			count("format=" + real);
		}

		private void claim(RedisWorkerLeaseStore target, int replicas) {
			int preferred = this.random.nextInt(this.codes + 2) - 1;
			int start = this.random.nextInt(this.codes);
			String nonce = nonce();
			long caller = callerClock();
			this.operation = "claim preferring " + preferred + " from " + start + " at caller clock " + caller
					+ (target == this.store ? ""
							: " with settings " + target.settings().timing() + ", replicas " + replicas);
			List<?> reply = target.leaseReply("claim", caller, nonce, preferred, start);
			Reply real = reply(reply);
			Reply expected = this.model.lease(settings(target, replicas), "claim", caller, nonce, preferred, start,
					real.time());
			compare(expected, real);
			if (real.status() == 1) {
				this.tokens.computeIfAbsent((int) real.code(), (code) -> new ArrayList<>())
					.add(real.generation() + "|" + nonce);
			}
		}

		private void renew() {
			int code = this.random.nextInt(this.codes);
			String token = pickToken(code);
			long caller = callerClock();
			this.operation = "renew code " + code + " with token " + token + " at caller clock " + caller;
			Reply real = reply(this.store.leaseReply("renew", caller, token, code, 0));
			compare(this.model.lease(settings(this.store, 0), "renew", caller, token, code, 0, real.time()), real);
			// a renewal extends the lease key, and nothing else: the witness never
			// expires
			assertThat(LeaseScriptConformanceTests.this.server.call("PTTL", this.store.settings().keys().witness()))
				.as(where())
				.isIn(-1L, -2L);
		}

		private void release() {
			int code = this.random.nextInt(this.codes);
			String token = pickToken(code);
			this.operation = "release code " + code + " with token " + token;
			Object real = LeaseScriptConformanceTests.this.server.call("EVAL", RELEASE, "2",
					this.store.settings().keys().guard(), this.store.settings().keys().lease(code), token);
			long expected = this.model.release(code, token);
			assertThat(real).as(where()).isEqualTo(expected);
			count("release=" + expected);
		}

		private void available() {
			this.operation = "count free codes";
			assertThat(this.store.availableCodes()).as(where()).isEqualTo(this.model.available(this.codes));
			count("available");
		}

		private void restart() {
			LeaseScriptConformanceTests.this.server.restartEmpty();
			this.model.restartEmpty();
			this.backup = null;
			await().atMost(Duration.ofSeconds(10))
				.ignoreExceptions()
				.until(() -> "PONG".equals(LeaseScriptConformanceTests.this.template
					.execute((RedisCallback<String>) RedisConnection::ping)));
		}

		// A held token (the latest of the code), an older one, or one never granted.
		private String pickToken(int code) {
			List<String> granted = this.tokens.getOrDefault(code, List.of());
			int dice = this.random.nextInt(10);
			if (!granted.isEmpty() && dice < 6) {
				return granted.get(granted.size() - 1);
			}
			if (!granted.isEmpty() && dice < 8) {
				return granted.get(this.random.nextInt(granted.size()));
			}
			return (1 + this.random.nextInt(5)) + "|" + nonce();
		}

		// Mostly this host's clock (the one Redis reads); sometimes off by up to 3 s
		// either way, which
		// crosses the 1 s skew and the 300 ms lateness allowed.
		private long callerClock() {
			long now = System.currentTimeMillis();
			return (this.random.nextInt(10) == 0) ? now + this.random.nextInt(6_001) - 3_000 : now;
		}

		private String nonce() {
			byte[] bytes = new byte[16];
			this.random.nextBytes(bytes);
			return HexFormat.of().formatHex(bytes);
		}

		private void compare(Reply expected, Reply real) {
			assertThat(expected).as(where() + ": model reply (expected) vs lease.lua reply").isEqualTo(real);
			count(switch ((int) real.status()) {
				case 1 -> "grant";
				case -1 -> "none-free";
				case -2 -> "expired";
				case -3 -> "fenced";
				case -4 -> "mismatch";
				case -5 -> "skew";
				case -6 -> "unsafe";
				case -7 -> "no-format";
				case -8 -> "other-format";
				default -> "status " + real.status();
			});
		}

		private void count(String kind) {
			this.counts.merge(kind, 1, Integer::sum);
		}

		private String where() {
			return "seed " + Long.toHexString(this.seed) + " step " + this.step + " (" + this.operation + ")";
		}

	}

	/**
	 * lease.lua's reply in the model's shape: status, code, generation, floor, ceiling,
	 * TIME, replicas, detail.
	 */
	private static Reply reply(List<?> reply) {
		long status = number(reply.get(0));
		long time = number(reply.get(1));
		if (status == 1) {
			return new Reply(1, number(reply.get(1)), number(reply.get(2)), number(reply.get(3)), number(reply.get(4)),
					number(reply.get(5)), number(reply.get(6)), "");
		}
		String detail = (reply.size() > 2) ? text(reply.get(2)) : "";
		return new Reply(status, 0, 0, 0, 0, time, 0, detail);
	}

	private static long number(Object value) {
		return ((Number) value).longValue();
	}

	private static String text(Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

	private static String script(String name) {
		try (InputStream in = RedisWorkerLeaseStore.class.getResourceAsStream(name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
