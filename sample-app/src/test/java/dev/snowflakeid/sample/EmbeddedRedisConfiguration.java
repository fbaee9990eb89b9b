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

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import redis.embedded.core.ExecutableProvider;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * The embedded Redis server of {@link TestSampleApplication}, started before any Redis
 * connection and stopped after all of them: the worker code is released on shutdown
 * before the server goes away. A source of that application only, not a
 * {@code @Configuration} that the sample's component scan would find.
 */
@ConditionalOnProperty(EmbeddedRedisFallback.PORT_PROPERTY)
class EmbeddedRedisConfiguration {

	private static final Log logger = LogFactory.getLog(EmbeddedRedisConfiguration.class);

	@Bean(destroyMethod = "stop")
	static EmbeddedRedis embeddedRedis(@Value("${" + EmbeddedRedisFallback.PORT_PROPERTY + "}") int port) {
		return new EmbeddedRedis(port);
	}

	/**
	 * Every Redis connection factory depends on the embedded server, so it outlives them.
	 */
	@Bean
	static BeanFactoryPostProcessor embeddedRedisFirst() {
		return (beanFactory) -> dependOnEmbeddedRedis(beanFactory);
	}

	private static void dependOnEmbeddedRedis(ConfigurableListableBeanFactory beanFactory) {
		for (String name : beanFactory.getBeanDefinitionNames()) {
			if (name.equals("redisConnectionFactory") || name.equals("snowflakeLeaseConnection")) {
				BeanDefinition definition = beanFactory.getBeanDefinition(name);
				String[] dependsOn = (definition.getDependsOn() != null) ? definition.getDependsOn() : new String[0];
				String[] extended = Arrays.copyOf(dependsOn, dependsOn.length + 1);
				extended[dependsOn.length] = "embeddedRedis";
				definition.setDependsOn(extended);
			}
		}
	}

	/**
	 * A {@code redis-server} (the binary bundled with embedded-redis) that only
	 * {@link #stop()} ends. The library's own {@code RedisServer} registers a JVM
	 * shutdown hook that stops the server while the context is still closing, so a
	 * SIGTERM could stop it before the worker code was released; and a terminal's Ctrl-C
	 * signals its whole process group, so the server runs in a session of its own where
	 * {@code setsid} exists.
	 */
	static final class EmbeddedRedis {

		private static final String READY = "Ready to accept connections";

		private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

		private final Process server;

		private final int port;

		EmbeddedRedis(int port) {
			this.port = port;
			try {
				File binary = ExecutableProvider.newJarResourceProvider().get();
				List<String> command = new ArrayList<>();
				SETSID.stream()
					.filter(Files::isExecutable)
					.findFirst()
					.ifPresent((setsid) -> command.add(setsid.toString()));
				command.addAll(List.of(binary.getAbsolutePath(), "--port", Integer.toString(port), "--bind",
						"127.0.0.1", "--save", "", "--appendonly", "no"));
				this.server = new ProcessBuilder(command).redirectErrorStream(true).start();
				awaitReady();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start the embedded Redis server on port " + port, ex);
			}
			logger.warn("Embedded Redis server started on port " + port + " (demo only)");
		}

		/**
		 * Waits, at most 10 s, for the server's "Ready to accept connections" line. A
		 * daemon thread reads its output to the end, so that the pipe never fills while
		 * the server runs.
		 */
		private void awaitReady() throws IOException {
			CompletableFuture<Void> ready = new CompletableFuture<>();
			Thread output = new Thread(() -> {
				try (BufferedReader lines = this.server.inputReader()) {
					for (String line = lines.readLine(); line != null; line = lines.readLine()) {
						if (line.contains(READY)) {
							ready.complete(null);
						}
					}
				}
				catch (IOException ex) {
					ready.completeExceptionally(ex);
				}
				ready.completeExceptionally(new IOException("redis-server ended its output before it was ready"));
			}, "embedded-redis-output");
			output.setDaemon(true);
			output.start();
			try {
				ready.get(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				this.server.destroyForcibly();
				throw new IOException("interrupted while starting redis-server", ex);
			}
			catch (ExecutionException | TimeoutException ex) {
				this.server.destroyForcibly();
				throw new IOException("redis-server did not get ready on port " + this.port, ex);
			}
		}

		void stop() throws InterruptedException {
			this.server.destroy();
			if (!this.server.waitFor(5, TimeUnit.SECONDS)) {
				this.server.destroyForcibly();
			}
			logger.info("Embedded Redis server on port " + this.port + " stopped");
		}

	}

}
