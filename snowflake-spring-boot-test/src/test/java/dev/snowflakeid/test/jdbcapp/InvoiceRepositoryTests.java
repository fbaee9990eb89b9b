package dev.snowflakeid.test.jdbcapp;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Data JDBC slice with nothing added to the test: the slice includes the generator, the
 * in-memory allocator and the callback that assigns {@code @GeneratedSnowflakeId} ids.
 */
@DataJdbcTest
class InvoiceRepositoryTests {

	@Autowired
	InvoiceRepository invoices;

	@Test
	void savedAggregatesGetSnowflakeIds() {
		Invoice first = this.invoices.save(new Invoice(null, "ada"));
		Invoice second = this.invoices.save(new Invoice(null, "grace"));
		assertThat(first.id()).isPositive();
		assertThat(second.id()).isGreaterThan(first.id());
		assertThat(this.invoices.findById(second.id())).contains(second);
	}

}
