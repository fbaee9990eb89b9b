package dev.snowflakeid.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import redis.embedded.RedisServer;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The embedded Redis server of the demo, started before any Redis connection and stopped after all of
 * them: the worker code is released on shutdown before the server goes away.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(EmbeddedRedisFallback.PORT_PROPERTY)
class EmbeddedRedisConfiguration {

	private static final Log logger = LogFactory.getLog(EmbeddedRedisConfiguration.class);

	@Bean(destroyMethod = "stop")
	static EmbeddedRedis embeddedRedis(@Value("${" + EmbeddedRedisFallback.PORT_PROPERTY + "}") int port) {
		return new EmbeddedRedis(port);
	}

	/** Every Redis connection factory depends on the embedded server, so it outlives them. */
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

	static final class EmbeddedRedis {

		private final RedisServer server;

		private final int port;

		EmbeddedRedis(int port) {
			this.port = port;
			try {
				this.server = new RedisServer(port);
				this.server.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start the embedded Redis server on port " + port, ex);
			}
			logger.warn("Embedded Redis server started on port " + port + " (demo only)");
		}

		void stop() throws IOException {
			this.server.stop();
			logger.info("Embedded Redis server on port " + this.port + " stopped");
		}

	}

}
