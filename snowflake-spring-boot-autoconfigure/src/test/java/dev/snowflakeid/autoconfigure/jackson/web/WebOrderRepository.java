package dev.snowflakeid.autoconfigure.jackson.web;

import org.springframework.data.jpa.repository.JpaRepository;

public interface WebOrderRepository extends JpaRepository<WebOrder, Long> {

}
