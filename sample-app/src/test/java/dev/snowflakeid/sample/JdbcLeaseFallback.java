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
package dev.snowflakeid.sample;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.HashMap;
import java.util.Map;

import dev.snowflakeid.testsupport.FreePorts;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * For {@link TestSampleApplication} only: when nothing answers at
 * {@code spring.data.redis.host:port} and no allocator was chosen, the demo leases its
 * worker code from the JDBC lease store in its own database
 * ({@code snowflake.worker.allocator=jdbc}) instead: the database
 * {@code spring.datasource.url} names (PostgreSQL under the {@code postgres} profile, so
 * instances sharing that database share the leases), or else an embedded PostgreSQL
 * server of its own ({@link EmbeddedPostgresConfiguration}). No Redis and no
 * {@code redis-server} binary is needed. The starter itself never does this: an
 * application chooses its allocator.
 */
class JdbcLeaseFallback implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

	static final String PORT_PROPERTY = "sample.embedded-postgres.port";

	private static final Log logger = LogFactory.getLog(JdbcLeaseFallback.class);

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		ConfigurableEnvironment environment = event.getEnvironment();
		String host = environment.getProperty("spring.data.redis.host", "localhost");
		int port = environment.getProperty("spring.data.redis.port", Integer.class, 6379);
		if (environment.containsProperty("snowflake.worker.allocator") || answers(host, port)) {
			return;
		}
		Map<String, Object> fallback = new HashMap<>();
		fallback.put("snowflake.worker.allocator", "jdbc");
		// the lease table is made where it is missing, in the embedded server as in a
		// shared one
		fallback.put("snowflake.worker.jdbc.initialize-schema", "always");
		String database = "the one spring.datasource.url names";
		if (!environment.containsProperty("spring.datasource.url")) {
			int databasePort = FreePorts.loopback();
			fallback.put(PORT_PROPERTY, databasePort);
			fallback.put("spring.datasource.url", EmbeddedPostgresConfiguration.url(databasePort));
			fallback.put("spring.datasource.username", "postgres");
			database = "an EMBEDDED PostgreSQL server on port " + databasePort + " (demo only)";
		}
		logger.warn("Nothing answers at Redis " + host + ":" + port + ": leasing worker codes from the JDBC lease "
				+ "store (snowflake.worker.allocator=jdbc) in the application's database, " + database
				+ ". Worker codes are only coordinated among instances using the same database.");
		environment.getPropertySources().addFirst(new MapPropertySource("jdbcLeaseFallback", fallback));
	}

	private static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 300);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
