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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.redis.UnsuitableRedisException.MissingPermissions;
import dev.snowflakeid.redis.UnsuitableRedisException.Reason;
import dev.snowflakeid.redis.UnsuitableRedisException.ReplicaCount;
import dev.snowflakeid.redis.UnsuitableRedisException.Topology;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.RedisTopology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The startup check of the lease Redis against real servers whose settings the test
 * changes: each refusal names the setting, and an application started against that server
 * fails with a failure analysis that names the fix; what the lease user may not read is a
 * warning, not a refusal.
 */
@RealProcesses
@ExtendWith(OutputCaptureExtension.class)
class RedisLeaseServerCheckTests {

	private static final String SAMPLE_KEY = "snowflake:{check:0}:lease:0";

	private final List<AutoCloseable> resources = new ArrayList<>();

	@AfterEach
	void cleanUp() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
	}

	private RedisServer server() {
		RedisServer server = RedisServer.start();
		this.resources.add(server);
		return server;
	}

	private RedisLeaseServerCheck check(RedisServer server, String user, String password, Duration budget) {
		RedisStandaloneConfiguration configuration = loopback(server.port());
		configuration.setUsername(user);
		if (password != null) {
			configuration.setPassword(password);
		}
		LettuceConnectionFactory factory = RedisLeaseConnections.standalone(configuration, Duration.ofSeconds(5));
		factory.afterPropertiesSet();
		this.resources.add(factory::destroy);
		return new RedisLeaseServerCheck(factory, user, SAMPLE_KEY, 0, budget);
	}

	private RedisLeaseServerCheck check(RedisServer server) {
		return check(server, null, null, Duration.ofSeconds(5));
	}

	/**
	 * An application whose lease connection reaches {@code server}, as
	 * {@code spring.data.redis.*} sets it.
	 */
	private static ApplicationContextRunner application(RedisServer server) {
		return LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + server.port());
	}

	@Test
	void aSuitableServerPassesWithoutWarnings() {
		RedisServer server = server();
		server.call("CONFIG", "SET", "maxmemory-policy", "volatile-lru");
		assertThat(check(server).verify()).isEmpty();
	}

	@Test
	void anAllKeysEvictionPolicyIsRefusedNamingTheSettingAndTheFix() {
		RedisServer server = server();
		server.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		UnsuitableRedisException refusal = catchRefusal(Reason.EVICTION_POLICY, check(server));
		assertThat(refusal.observed()).isEqualTo("allkeys-lru");
		assertThat(refusal.setting()).isEqualTo("maxmemory-policy");
		application(server).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
			assertThat(analysis.getDescription())
				.startsWith("Worker leases cannot use this Redis: Redis on port " + server.port()
						+ " has maxmemory-policy allkeys-lru")
				.contains("an allkeys-* policy may evict them");
			assertThat(analysis.getAction())
				.startsWith(
						"Set maxmemory-policy noeviction (recommended) or a volatile-* " + "policy on the lease Redis")
				.contains("snowflake.worker.redis.*");
		});
	}

	@Test
	void aWritableReplicaSettingIsRefusedNamingTheSetting() {
		RedisServer server = server();
		server.call("CONFIG", "SET", "replica-read-only", "no");
		UnsuitableRedisException refusal = catchRefusal(Reason.REPLICA_WRITABLE, check(server));
		assertThat(refusal.setting()).isEqualTo("replica-read-only");
		application(server).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
			assertThat(analysis.getDescription())
				.startsWith("Worker leases cannot use this Redis: Redis on port " + server.port()
						+ " has replica-read-only no")
				.contains("could grant a worker code that the primary has granted too");
			assertThat(analysis.getAction()).startsWith("Set replica-read-only yes on every node of the lease Redis");
		});
	}

	@Test
	void aPrimaryWithMoreReplicasThanCountedIsRefusedAtOnceNamingTheCountAndTheProperty() {
		RedisServer primary = server();
		RedisServer replica = RedisTopology.startReplicaOf(primary);
		this.resources.add(replica);
		Polling.await("the replica is attached", Duration.ofSeconds(10))
			.until(() -> String.valueOf(primary.call("INFO", "replication")).contains("connected_slaves:1"));
		UnsuitableRedisException refusal = catchRefusal(Reason.REPLICA_COUNT, check(primary));
		assertThat(refusal.replicaCount()).isEqualTo(new ReplicaCount(1, 0, Topology.FIXED));
		long started = System.nanoTime();
		application(primary).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
			assertThat(analysis.getDescription())
				.startsWith("Worker leases cannot use this Redis as configured: Redis " + "on port " + primary.port()
						+ " (at a fixed address) has 1 replica attached, more than the 0 "
						+ "that snowflake.worker.redis.replicas counts")
				.doesNotContain("running");
			assertThat(analysis.getAction()).startsWith("Set snowflake.worker.redis.replicas=1 on every instance")
				.contains("INFO replication on the primary lists its replicas (connected_slaves)");
		});
		// refused by the check before the first claim, not after the startup wait budget
		// of retried claims: under
		// the 10 s budget of LeaseApplications, which a retried refusal would spend to
		// the end
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
		assertThat(primary.call("DBSIZE")).isEqualTo(0L);
		application(primary).withPropertyValues("snowflake.worker.redis.replicas=1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void aLeaseConnectionToAReplicaIsRefused() {
		RedisServer primary = server();
		RedisServer replica = RedisTopology.startReplicaOf(primary);
		this.resources.add(replica);
		UnsuitableRedisException refusal = catchRefusal(Reason.NOT_PRIMARY, check(replica));
		assertThat(refusal.observed()).isEqualTo("slave");
		assertThat(refusal.getMessage()).contains("port " + replica.port());
		application(replica).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
			assertThat(analysis.getDescription())
				.startsWith("Worker leases cannot use this Redis: the lease connection " + "reached Redis on port "
						+ replica.port() + " whose role is 'slave'")
				.contains("Leases written anywhere but the primary are not fenced");
			assertThat(analysis.getAction())
				.startsWith("Point spring.data.redis.host (or snowflake.worker.redis.host/url) " + "at the primary")
				.contains("spring.data.redis.sentinel.master")
				.contains("spring.data.redis.masterreplica.nodes")
				.contains("spring.data.redis.cluster.nodes");
		});
	}

	@Test
	void settingsTheUserMayNotReadAreWarningsNamingThem() {
		RedisServer server = server();
		server.call("ACL", "SETUSER", "reader", "on", ">secret", "resetkeys", "~snowflake:*", "-@all", "+eval",
				"+evalsha", "+info", "+time", "+exists", "+get", "+set", "+del", "+pexpireat", "+hget", "+hset",
				"+hsetnx", "+hdel", "+hincrby", "+hmget", "+scan", "+wait", "+client|id");
		List<String> warnings = check(server, "reader", "secret", Duration.ofSeconds(5)).verify();
		assertThat(warnings).hasSize(2);
		assertThat(warnings.get(0)).contains("replica-read-only").contains("NOPERM");
		assertThat(warnings.get(1)).contains("maxmemory-policy").contains("noeviction or a volatile-* policy");
	}

	// The check's refusal for a user with the lease permissions of docs/redis.md, all but
	// one.
	private UnsuitableRedisException refusalOfEveryLeasePermissionBut(String user, String missing) {
		RedisServer server = server();
		List<String> rule = new ArrayList<>(
				List.of("ACL", "SETUSER", user, "on", ">secret", "resetkeys", "~snowflake:*", "-@all"));
		RedisLeaseServerCheck.requiredCommands()
			.stream()
			.map((command) -> "+" + command)
			.filter((permission) -> !permission.equals(missing))
			.forEach(rule::add);
		server.call(rule.toArray(String[]::new));
		return catchRefusal(Reason.PERMISSION, check(server, user, "secret", Duration.ofSeconds(5)));
	}

	@Test
	void aMissingSubcommandPermissionIsRefusedNamingIt() {
		UnsuitableRedisException refusal = refusalOfEveryLeasePermissionBut("no-client-id", "+client|id");
		assertThat(refusal.missingPermissions().permissions()).containsExactly("+client|id");
		assertThat(LeaseApplications.analyze(refusal).getAction()).contains("ACL SETUSER no-client-id +client|id");
	}

	@Test
	void aMissingCommandPermissionIsRefusedNamingIt() {
		UnsuitableRedisException refusal = refusalOfEveryLeasePermissionBut("partial", "+hset");
		assertThat(refusal.missingPermissions().permissions()).containsExactly("+hset");
		assertThat(refusal.missingPermissions().user()).isEqualTo("partial");
		FailureAnalysis analysis = LeaseApplications.analyze(refusal);
		assertThat(analysis.getDescription()).contains("'partial'").contains("+hset");
		assertThat(analysis.getAction()).contains("ACL SETUSER partial +hset").contains("~snowflake:*");
	}

	@Test
	void aKeyPatternThatMissesTheLeaseKeysIsRefused() {
		RedisServer server = server();
		server.call("ACL", "SETUSER", "elsewhere", "on", ">secret", "resetkeys", "~cache:*", "+@all");
		UnsuitableRedisException refusal = catchRefusal(Reason.PERMISSION,
				check(server, "elsewhere", "secret", Duration.ofSeconds(5)));
		assertThat(refusal.missingPermissions().permissions()).contains("+get", "+hset")
			.doesNotContain("+eval", "+info", "+time");
		assertThat(refusal.getMessage()).contains(SAMPLE_KEY);
	}

	@Test
	void aMissingScriptPermissionIsRefusedNamingIt() {
		RedisServer server = server();
		server.call("ACL", "SETUSER", "noscripts", "on", ">secret", "resetkeys", "~snowflake:*", "+@all", "-eval",
				"-evalsha");
		MissingPermissions refusal = catchRefusal(Reason.PERMISSION,
				check(server, "noscripts", "secret", Duration.ofSeconds(5)))
			.missingPermissions();
		assertThat(refusal.permissions()).containsExactly("+eval");
	}

	@Test
	void anUnreachableServerIsUnavailableOnceTheBudgetIsSpent() {
		RedisServer server = server();
		RedisLeaseServerCheck check = check(server, null, null, Duration.ofMillis(500));
		server.kill();
		long start = System.nanoTime();
		assertThatExceptionOfType(RedisUnreachableException.class).isThrownBy(check::verify)
			.withMessageStartingWith("the lease Redis at 127.0.0.1:" + server.port() + " could not be reached within "
					+ "the startup wait budget of 500 ms (")
			.withMessageContaining("each connection attempt limited to 3000 ms")
			.satisfies((failure) -> {
				assertThat(failure.address()).isEqualTo("127.0.0.1:" + server.port());
				assertThat(failure.budget()).isEqualTo(Duration.ofMillis(500));
			});
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(500));
	}

	/**
	 * The startup wait budget is measured on the check's monotonic source and waited out
	 * with its parker: a fake clock spends it without waiting, attempt by attempt.
	 */
	@Test
	void theWaitBudgetIsSpentOnTheCheckClock(CapturedOutput output) {
		int port = FreePorts.loopback();
		LettuceConnectionFactory factory = RedisLeaseConnections.standalone(loopback(port), Duration.ofSeconds(5));
		factory.afterPropertiesSet();
		this.resources.add(factory::destroy);
		AtomicLong now = new AtomicLong(-TimeUnit.SECONDS.toNanos(1));
		List<Long> parks = new ArrayList<>();
		RedisLeaseServerCheck check = new RedisLeaseServerCheck(factory, null, SAMPLE_KEY, 0, Duration.ofSeconds(2),
				"127.0.0.1:" + port, "the test's settings", now::get, (nanos) -> {
					parks.add(nanos);
					now.addAndGet(nanos);
				});
		assertThatExceptionOfType(RedisUnreachableException.class).isThrownBy(check::verify)
			.withMessageContaining("within the startup wait budget of 2000 ms (11 attempts, ");
		assertThat(parks).hasSize(10).containsOnly(TimeUnit.MILLISECONDS.toNanos(200));
		assertThat(output.getOut()).contains("Worker leases: waiting for the lease Redis at 127.0.0.1:" + port
				+ " to be reachable, 2.0 s of the startup wait budget left");
	}

	/**
	 * A connection that was up and is lost while the check runs: Lettuce rejects every
	 * command until it has reconnected ({@code Currently not connected}), which the check
	 * waits out instead of failing at once.
	 */
	@Test
	void aConnectionNotUpYetIsWaitedForWithinTheBudget(CapturedOutput output) throws Exception {
		RedisServer server = server();
		RedisLeaseServerCheck check = check(server, null, null, Duration.ofSeconds(30));
		assertThat(check.verify()).isEmpty();
		server.kill();
		// the check's next command must find the connection down, not sent into it before
		// Lettuce noticed
		Polling.await("Lettuce notices the lost connection", Duration.ofSeconds(10))
			.until(() -> output.getOut().contains("Reconnecting, last destination was /127.0.0.1:" + server.port()));
		CompletableFuture<List<String>> verified = CompletableFuture.supplyAsync(check::verify);
		Polling.await("the check waits for the lost connection", Duration.ofSeconds(10))
			.until(() -> output.getOut()
				.contains("Worker leases: waiting for the lease Redis at 127.0.0.1:" + server.port()
						+ " to be reachable"));
		assertThat(verified).isNotDone();
		assertThat(output.getOut()).contains("Currently not connected");
		server.restartEmpty();
		assertThat(verified.get(20, TimeUnit.SECONDS)).isEmpty();
		assertThat(output.getOut())
			.contains("Worker leases: the lease Redis at 127.0.0.1:" + server.port() + " was reached after ");
	}

	/**
	 * However long the startup wait budget, a server that answers and refuses is refused
	 * at once: only a server that could not be reached is waited for.
	 */
	@Test
	void aRefusalIsNeverRetriedHoweverLongTheBudget() {
		Duration budget = Duration.ofMinutes(2);
		Duration fast = Duration.ofSeconds(10);
		RedisServer evicting = server();
		evicting.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lru");
		long start = System.nanoTime();
		catchRefusal(Reason.EVICTION_POLICY, check(evicting, null, null, budget));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("eviction policy refused").isLessThan(fast);
		RedisServer replica = RedisTopology.startReplicaOf(server());
		this.resources.add(replica);
		start = System.nanoTime();
		catchRefusal(Reason.NOT_PRIMARY, check(replica, null, null, budget));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("replica refused").isLessThan(fast);
		RedisServer guarded = RedisServer.builder().requirePass("secret").start();
		this.resources.add(guarded);
		start = System.nanoTime();
		assertThatExceptionOfType(LeaseStoreUnavailableException.class)
			.isThrownBy(check(guarded, null, "wrong", budget)::verify)
			.isNotInstanceOf(RedisUnreachableException.class)
			.withMessageContaining("the lease Redis at 127.0.0.1:" + guarded.port() + " refused the connection");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("wrong password refused").isLessThan(fast);
	}

	/**
	 * A server whose {@code command} was renamed in its configuration, as some managed
	 * services do.
	 */
	private RedisServer renaming(String command) {
		RedisServer server = RedisServer.builder().args("--rename-command", command, command + "-HIDDEN").start();
		this.resources.add(server);
		return server;
	}

	/**
	 * Each command the safety of leases rests on, renamed away, is refused naming it,
	 * whatever the server's version; so is an ACL user denied {@code INFO}.
	 */
	@Test
	void aServerLackingWhatLeasesRelyOnIsRefusedNamingIt() {
		for (String command : List.of("TIME", "WAIT", "EVAL")) {
			UnsuitableRedisException refusal = catchRefusal(Reason.CAPABILITY, check(renaming(command)));
			assertThat(refusal.setting()).as(command).isEqualTo(command);
			assertThat(refusal.getMessage()).contains("lacks " + command + ", which worker leases rely on")
				.containsIgnoringCase("unknown command");
		}
		UnsuitableRedisException noInfo = catchRefusal(Reason.CAPABILITY, check(renaming("INFO")));
		assertThat(noInfo.setting()).isEqualTo("INFO server");
		UnsuitableRedisException noHset = catchRefusal(Reason.CAPABILITY, check(renaming("HSET")));
		assertThat(noHset.setting()).as("a command of the lease script").isEqualTo("HSET");
		assertThat(noHset.observed()).contains("does not know the command");

		RedisServer withoutTime = renaming("TIME");
		application(withoutTime).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
			assertThat(analysis.getDescription())
				.startsWith("Worker leases cannot use this Redis: Redis on port " + withoutTime.port()
						+ " lacks TIME, which worker leases rely on")
				.contains("timed by the server's clock, TIME");
			assertThat(analysis.getAction()).contains("remove any rename-command of it")
				.contains("snowflake.worker.redis.*");
		});

		RedisServer server = server();
		server.call("ACL", "SETUSER", "blind", "on", ">secret", "resetkeys", "~snowflake:*", "+@all", "-info");
		UnsuitableRedisException denied = catchRefusal(Reason.PERMISSION,
				check(server, "blind", "secret", Duration.ofSeconds(5)));
		assertThat(denied.missingPermissions().permissions()).containsExactly("+info");
	}

	@Test
	void theRequiredCommandsAreThoseTheScriptsCallPlusTheConnectionsOwn() {
		assertThat(RedisLeaseServerCheck.requiredCommands())
			.contains("client|id", "eval", "evalsha", "info", "wait", "hset", "time")
			.isSorted()
			.doesNotHaveDuplicates();
	}

	private static UnsuitableRedisException catchRefusal(Reason reason, RedisLeaseServerCheck check) {
		try {
			check.verify();
		}
		catch (UnsuitableRedisException ex) {
			assertThat(ex.reason()).as(ex.getMessage()).isEqualTo(reason);
			return ex;
		}
		throw new AssertionError("expected a refusal for " + reason);
	}

}
