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
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * For {@link TestSampleApplication} only: when nothing answers at
 * {@code spring.data.redis.host:port}, arranges for an embedded Redis server on that port
 * ({@link EmbeddedRedisConfiguration}). The starter itself never does this: a real
 * deployment must point at a real, shared Redis, or worker codes would not be
 * coordinated.
 */
class EmbeddedRedisFallback implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

	static final String PORT_PROPERTY = "sample.embedded-redis.port";

	private static final Log logger = LogFactory.getLog(EmbeddedRedisFallback.class);

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		ConfigurableEnvironment environment = event.getEnvironment();
		String host = environment.getProperty("spring.data.redis.host", "localhost");
		int port = environment.getProperty("spring.data.redis.port", Integer.class, 6379);
		if (answers(host, port)) {
			return;
		}
		if (!"localhost".equals(host) && !"127.0.0.1".equals(host)) {
			logger.warn("Nothing answers at Redis " + host + ":" + port + "; not starting an embedded server for a "
					+ "remote host");
			return;
		}
		logger.warn("Nothing answers at Redis " + host + ":" + port + ": starting an EMBEDDED Redis server on port "
				+ port + " for this demo. Worker codes are only coordinated among instances using the same Redis.");
		environment.getPropertySources().addFirst(new MapPropertySource("embeddedRedis", Map.of(PORT_PROPERTY, port)));
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
